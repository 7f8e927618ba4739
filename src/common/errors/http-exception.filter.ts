import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-body';

const ANSWERED = Symbol('pictor.answeredException');

/** The exception a request's error answer reports (for a route's hooks that account for it, e.g. a failed drawing). */
export const answeredException = (request: FastifyRequest): unknown => (request as FastifyRequest & { [ANSWERED]?: unknown })[ANSWERED];

/** The one place errors become HTTP answers (Fastify-level errors use the same mapping in app.factory). */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const response = toErrorResponse(exception);
    (reply.request as FastifyRequest & { [ANSWERED]?: unknown })[ANSWERED] = exception;
    if (response.unexpected) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    else if (response.outage) this.logger.warn(`Answered 503: ${(exception as Error).message}`);
    void reply.status(response.status).headers(response.headers).send(response.body);
  }
}
