import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { RenderModule } from '../render/render.module';
import { TemplatesModule } from '../templates/templates.module';
import { StorageModule } from '../storage/storage.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
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
import { ZipResultComposer } from './results/zip-result-composer';

/** Asynchronous and bulk rendering (§22), run inside the server process with its state in the database. */
@Module({
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
    // One composer per `output` besides `images`; the PDF composer (§21's engine) joins this list.
    { provide: JOB_RESULT_COMPOSERS, inject: [ZipResultComposer], useFactory: (...composers: JobResultComposer[]) => composers },
  ],
  exports: [JobsService, CsvInspectionService],
})
export class JobsModule {}
