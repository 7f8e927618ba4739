import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { JOB_QUEUE, redisOptionsFromUrl } from './job-lanes';
import { QueueProbe } from '../../health/queue-probe';
import { JobQueue } from './job-queue';

/**
 * The BullMQ queue (through @nestjs/bullmq), registered only when REDIS_URL is set; global so readiness and
 * /metrics can report it. Every use of it is bounded in time (a new job is a 503 while Redis is away), and it
 * reconnects by itself.
 */
@Global()
@Module({})
export class JobQueueModule {
  static forRoot(): DynamicModule {
    return {
      module: JobQueueModule,
      imports: [
        BullModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            connection: {
              ...redisOptionsFromUrl(config.redisUrl!),
              // A command waits for the connection (BullMQ's start-up needs it: with the offline queue off, a command
              // sent before the first connection breaks the queue for good); callers bound their wait (JobQueue).
              maxRetriesPerRequest: 1,
              connectTimeout: 2_000,
              retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
            },
            prefix: `${config.redisPrefix}bull`,
          }),
        }),
        BullModule.registerQueue({ name: JOB_QUEUE }),
      ],
      providers: [JobQueue, { provide: QueueProbe, useExisting: JobQueue }],
      exports: [JobQueue, QueueProbe],
    };
  }
}
