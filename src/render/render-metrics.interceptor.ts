import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { catchError, map, Observable, throwError } from 'rxjs';
import { MetricsService } from '../metrics/metrics.service';
import { RenderException } from './render.exception';
import type { RenderRecord } from './render-record';
import type { RenderOutcome } from './render.service';

/** What a rendering route's handler returns: the body to send, its headers, and the renders it made. */
export interface RenderedAnswer {
  body: unknown;
  headers: Record<string, string>;
  /** Set when the answer is not 200 (e.g. 304). */
  status?: number;
  renders: readonly RenderRecord[];
}

/** The answer of a single render as JSON (POST /api/generate, /api/hooks/render). */
export const jsonAnswer = (outcome: RenderOutcome): RenderedAnswer => ({ body: outcome.json, headers: outcome.headers, renders: [outcome.record] });

/**
 * The rendering routes' one interceptor: records cache hits and misses and the render metrics from
 * the outcome the service returns (the service records none), and sends the answer's headers and body.
 */
@Injectable()
export class RenderMetricsInterceptor implements NestInterceptor<RenderedAnswer, unknown> {
  constructor(private readonly metrics: MetricsService) {}

  intercept(context: ExecutionContext, next: CallHandler<RenderedAnswer>): Observable<unknown> {
    return next.handle().pipe(
      map((answer) => {
        for (const render of answer.renders) this.record(render);
        const reply = context.switchToHttp().getResponse<FastifyReply>();
        reply.headers(answer.headers);
        if (answer.status) reply.status(answer.status);
        return answer.body;
      }),
      catchError((error: unknown) => {
        if (error instanceof RenderException && error.failedRender) this.record(error.failedRender);
        return throwError(() => error);
      }),
    );
  }

  private record(render: RenderRecord): void {
    const { format } = render;
    if (render.failure) {
      this.metrics.renders.inc({ format, outcome: render.failure });
      return;
    }
    this.metrics.renderCache.inc({ result: render.drew ? 'miss' : 'hit' });
    if (render.drew) {
      this.metrics.renders.inc({ format, outcome: 'success' });
      if (render.drawSeconds !== null) this.metrics.renderDuration.observe({ format }, render.drawSeconds);
    }
  }
}
