import { Global, Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';
import { UnhandledRejectionMonitor } from './unhandled-rejection-monitor';

@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService, UnhandledRejectionMonitor],
  exports: [MetricsService],
})
export class MetricsModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: MetricsService,
  ) {}

  /** Every request, including 404s and body-parser refusals that never reach a controller. */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onResponse', (request, reply, done) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      this.metrics.httpRequests.inc(labels);
      this.metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }
}
