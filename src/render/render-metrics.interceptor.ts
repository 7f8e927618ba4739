import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { catchError, map, Observable, throwError } from 'rxjs';
import { MetricsService } from '../metrics/metrics.service';
import { recordRender } from './render-metrics';
import type { RenderedAnswer } from './rendered-answer';
import { RenderException } from './render.exception';

/**
 * GET /api/render's interceptor (its body is a stream, which Fastify's preSerialization cannot carry; the JSON
 * rendering routes use RenderAnswerHooks): records the answer's renders and sends its headers, status and body.
 */
@Injectable()
export class RenderMetricsInterceptor implements NestInterceptor<RenderedAnswer, unknown> {
  constructor(private readonly metrics: MetricsService) {}

  intercept(context: ExecutionContext, next: CallHandler<RenderedAnswer>): Observable<unknown> {
    return next.handle().pipe(
      map((answer) => {
        for (const render of answer.renders) recordRender(this.metrics, render);
        const reply = context.switchToHttp().getResponse<FastifyReply>();
        reply.headers(answer.headers);
        if (answer.status) reply.status(answer.status);
        return answer.body;
      }),
      catchError((error: unknown) => {
        if (error instanceof RenderException && error.failedRender) recordRender(this.metrics, error.failedRender);
        return throwError(() => error);
      }),
    );
  }
}
