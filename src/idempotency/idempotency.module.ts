import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';
import { IdempotencyInterceptor, takeReservation } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';

const header = (value: string | number | string[] | undefined): string | null => (value === undefined ? null : String([value].flat()[0]));

/** Idempotency keys (§22) for the routes that create or bill; they list IdempotencyInterceptor first. */
@Module({
  providers: [IdempotencyKeysRepository, IdempotencyService, IdempotencyInterceptor],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly idempotency: IdempotencyService,
  ) {}

  /** The answer's exact bytes are known in onSend: kept there (before they go out, so a retry right after finds them). */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onSend', async (request, reply, payload) => {
      const reservation = takeReservation(request);
      if (reservation) {
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
        await this.idempotency.finish(reservation, {
          // A body that is not bytes (a stream) cannot be replayed: the key is freed instead.
          status: body === null ? 0 : reply.statusCode,
          contentType: header(reply.getHeader('content-type')),
          location: header(reply.getHeader('location')),
          body: body ?? '',
        });
      }
      return payload;
    });
  }
}
