import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppLogger } from '../logging/app-logger';
import { MetricsService } from './metrics.service';

/**
 * The last net under a promise nobody awaited (lint and `settle` are the first ones). Node's default ends the
 * process on one; Pictor keeps running instead, logs it at `error` and counts it. Why keep running: a rejection
 * nobody listened to belongs to work already abandoned (its request answered, or ended by the render budget),
 * it leaves no half-done synchronous state, and everything it may have counted is given back by the lease
 * sweep; exiting would drop every other request in flight and, in the embedded default with no supervisor,
 * take the service down for good. A synchronous `uncaughtException` still ends the process (Node's default):
 * its state is unknown.
 */
@Injectable()
export class UnhandledRejectionMonitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listener = (reason: unknown) => this.record(reason);

  constructor(
    private readonly logger: AppLogger,
    private readonly metrics: MetricsService,
  ) {}

  onApplicationBootstrap(): void {
    process.on('unhandledRejection', this.listener);
  }

  onApplicationShutdown(): void {
    process.off('unhandledRejection', this.listener);
  }

  private record(reason: unknown): void {
    this.metrics.unhandledRejections.inc();
    const error = reason instanceof Error ? reason : new Error(String(reason));
    // An error raised while answering a request may carry its id (errors are plain data: no async context here).
    const requestId = (reason as { requestId?: unknown } | null)?.requestId;
    this.logger.pino.error(
      { err: error, event: 'unhandled_rejection', ...(typeof requestId === 'string' ? { requestId } : {}) },
      'Unhandled promise rejection (kept running)',
    );
  }
}
