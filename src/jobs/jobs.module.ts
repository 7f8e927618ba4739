import { DynamicModule, Module, Provider } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import type { AppConfig } from '../config/app-config';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { RenderModule } from '../render/render.module';
import { TemplatesModule } from '../templates/templates.module';
import { StorageModule } from '../storage/storage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { JobDispatcher, LocalJobDispatcher } from './job-dispatcher';
import { JobItemsRepository } from './job-items.repository';
import { JobNotifier } from './job-notifier.service';
import { JobRunnerService } from './job-runner.service';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { CsvInspectionService } from './csv-inspection.service';
import { JobResultsRepository } from './job-results.repository';
import { JOB_RESULT_COMPOSERS, JobResultComposer } from './results/job-result-composer';
import { JobResultRetentionService } from './results/job-result-retention.service';
import { JobResultWriter } from './results/job-result-writer.service';
import { JobResultsService } from './results/job-results.service';
import { PdfResultComposer } from './results/pdf-result-composer';
import { ZipResultComposer } from './results/zip-result-composer';

/**
 * Asynchronous and bulk rendering (§22). Without Redis the rows run inside the server process (JobRunnerService
 * polls the database); with REDIS_URL they run on the shared BullMQ queue (JobQueueModule), in every process
 * whose JOB_WORKER is on. Job and row state lives in the database either way.
 */
/** The BullMQ engine's providers, loaded only with REDIS_URL (BullMQ is a tenth of the server's module loading). */
function queueEngine(config: AppConfig): Provider[] {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { QueueJobDispatcher } = require('./queue/queue-job-dispatcher') as typeof import('./queue/queue-job-dispatcher');
  const { JobLaneWorker } = require('./queue/job-lane.worker') as typeof import('./queue/job-lane.worker');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return [{ provide: JobDispatcher, useClass: QueueJobDispatcher }, ...(config.jobWorker ? [JobLaneWorker] : [])];
}

@Module({})
export class JobsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const engine: Provider[] = config.redisUrl ? queueEngine(config) : [{ provide: JobDispatcher, useClass: LocalJobDispatcher }];
    return {
      module: JobsModule,
      // Global: the dashboard's jobs pages use JobsService and CsvInspectionService from the one instance AppModule configures.
      global: true,
      imports: [IdempotencyModule, AccountsModule, TemplatesModule, RenderModule, WebhooksModule, StorageModule],
      controllers: [JobsController],
      providers: [
        JobsService,
        JobsRepository,
        JobItemsRepository,
        JobRunnerService,
        JobNotifier,
        JobResultsRepository,
        JobResultsService,
        JobResultWriter,
        JobResultRetentionService,
        CsvInspectionService,
        ZipResultComposer,
        PdfResultComposer,
        // One composer per `output` besides `images`.
        { provide: JOB_RESULT_COMPOSERS, inject: [ZipResultComposer, PdfResultComposer], useFactory: (...composers: JobResultComposer[]) => composers },
        ...engine,
      ],
      exports: [JobsService, CsvInspectionService],
    };
  }
}
