import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { AppConfig } from '../config/app-config';
import { HookRenderService } from '../webhooks/hook-render.service';
import { PendingDelivery, WEBHOOK_DELIVERY_REQUESTED } from '../webhooks/pending-delivery';
import { toJobResponse } from './dto/job-response';
import type { Job } from './entities/job.entity';
import { JobItemsRepository } from './job-items.repository';
import { JobResultsService } from './results/job-results.service';

/**
 * A job that ended sends its one webhook (§22) through the webhook delivery of §9: signed at send time,
 * logged in GET /api/webhooks/deliveries (whose `imageUrl` is then the job's URL). The address is checked
 * again here, so a name that now resolves to a private address is refused as it would be for a render.
 */
@Injectable()
export class JobNotifier {
  private readonly logger = new Logger(JobNotifier.name);

  constructor(
    private readonly config: AppConfig,
    private readonly hooks: HookRenderService,
    private readonly items: JobItemsRepository,
    private readonly results: JobResultsService,
    private readonly events: EventEmitter2,
  ) {}

  async jobEnded(job: Job): Promise<void> {
    if (job.webhookUrl === null) return;
    const counts = (await this.items.counts([job.id])).get(job.id) ?? { succeeded: 0, failed: 0 };
    const result = (await this.results.views([job.id])).get(job.id);
    const payload = JSON.stringify({ event: job.status === 'canceled' ? 'job.canceled' : 'job.completed', job: toJobResponse(job, counts, result) });
    let delivery: PendingDelivery;
    try {
      delivery = {
        accountId: job.accountId,
        target: await this.hooks.checkTarget(job.webhookUrl),
        payload,
        imageUrl: `${this.config.publicBaseUrl}/api/jobs/${job.id}`,
      };
    } catch (error) {
      this.logger.warn(`Webhook of job ${job.id} not sent: ${(error as Error).message}`);
      return;
    }
    this.events.emit(WEBHOOK_DELIVERY_REQUESTED, delivery);
  }
}
