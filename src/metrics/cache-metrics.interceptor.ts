import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Observable, tap } from 'rxjs';
import { MetricsService } from './metrics.service';

/** Records cache hits and misses of render answers from the X-Cache header the handler set. */
@Injectable()
export class CacheMetricsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: MetricsService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      tap(() => {
        const cache = reply.getHeader('x-cache');
        if (cache === 'HIT' || cache === 'MISS') this.metrics.renderCache.inc({ result: cache === 'HIT' ? 'hit' : 'miss' });
      }),
    );
  }
}
