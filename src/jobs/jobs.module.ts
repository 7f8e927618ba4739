import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { RenderModule } from '../render/render.module';
import { TemplatesModule } from '../templates/templates.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { JobItemsRepository } from './job-items.repository';
import { JobNotifier } from './job-notifier.service';
import { JobRunnerService } from './job-runner.service';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

/** Asynchronous and bulk rendering (§22), run inside the server process with its state in the database. */
@Module({
  imports: [IdempotencyModule, AccountsModule, TemplatesModule, RenderModule, WebhooksModule],
  controllers: [JobsController],
  providers: [JobsService, JobsRepository, JobItemsRepository, JobRunnerService, JobNotifier],
})
export class JobsModule {}
