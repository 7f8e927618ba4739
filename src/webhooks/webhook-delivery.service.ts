import { HttpService } from '@nestjs/axios';
import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { AxiosError } from 'axios';
import { performance } from 'node:perf_hooks';
import { firstValueFrom } from 'rxjs';
import { settle, type SettledPromise } from '../common/async/settle';
import { Clock } from '../common/clock/clock';
import { newId } from '../common/ids';
import { MetricsService } from '../metrics/metrics.service';
import { OutboundTargetService } from '../network/outbound-target.service';
import { SettingsService } from '../settings/settings.service';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { PendingDelivery, WEBHOOK_DELIVERY_REQUESTED } from './pending-delivery';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature';

export const DELIVERY_TIMEOUT_MS = 10_000;

/** Sends each delivery once (spec 6: no retries), signed at send time with the current secret, and logs it. */
@Injectable()
export class WebhookDeliveryService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookDeliveryService.name);
  private readonly inFlight = new Set<SettledPromise<void>>();

  constructor(
    private readonly http: HttpService,
    private readonly targets: OutboundTargetService,
    private readonly settings: SettingsService,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly metrics: MetricsService,
    private readonly clock: Clock,
  ) {}

  @OnEvent(WEBHOOK_DELIVERY_REQUESTED)
  handle(delivery: PendingDelivery): void {
    const attempt = settle(this.deliver(delivery));
    this.inFlight.add(attempt);
    void attempt.then((outcome) => {
      this.inFlight.delete(attempt);
      if (!outcome.ok) this.logger.error(`Delivery bookkeeping failed: ${outcome.error instanceof Error ? outcome.error.message : String(outcome.error)}`);
    });
  }

  async list(accountId: string): Promise<WebhookDelivery[]> {
    return this.deliveries.listRecent(accountId, 100);
  }

  /** Lets pending deliveries finish (each is bounded by its own 10 s) before the process exits. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(delivery: PendingDelivery): Promise<void> {
    const createdAt = this.clock.now();
    const startedAt = performance.now();
    const result: Pick<WebhookDelivery, 'outcome' | 'responseStatus' | 'error'> = { outcome: 'failed', responseStatus: null, error: null };
    const secret = await this.settings.currentWebhookSecret(delivery.accountId);
    if (!secret) {
      result.error = 'No webhook secret';
    } else {
      const agent = this.targets.agentFor(delivery.target);
      try {
        const timestamp = Math.floor(this.clock.nowMs() / 1000);
        const response = await firstValueFrom(
          this.http.post(delivery.target.url.href, delivery.payload, {
            headers: {
              'Content-Type': 'application/json',
              [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, delivery.payload),
              'User-Agent': 'Pictor-Webhooks/1.0',
            },
            // The payload is already the exact response bytes; axios must not re-serialize it.
            transformRequest: [(data: string) => data],
            responseType: 'text',
            maxContentLength: 1024 * 1024,
            maxRedirects: 0,
            timeout: DELIVERY_TIMEOUT_MS,
            signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
            httpAgent: agent,
            httpsAgent: agent,
            proxy: false,
            validateStatus: () => true,
          }),
        );
        result.responseStatus = response.status;
        if (response.status >= 200 && response.status < 300) result.outcome = 'succeeded';
        else result.error = `Receiver answered HTTP ${response.status}`;
      } catch (error) {
        result.error = describeFailure(error);
      } finally {
        agent.destroy();
      }
    }
    const durationMs = Math.round(performance.now() - startedAt);
    this.metrics.webhookDeliveries.inc({ outcome: result.outcome });
    this.metrics.webhookDuration.observe({ outcome: result.outcome }, durationMs / 1000);
    await this.deliveries.insert({
      id: newId('whd'),
      accountId: delivery.accountId,
      url: delivery.target.url.href,
      imageUrl: delivery.imageUrl,
      durationMs,
      createdAt,
      ...result,
    });
  }
}

function describeFailure(error: unknown): string {
  const axiosError = error as AxiosError;
  if (axiosError.code === 'ERR_CANCELED' || axiosError.code === 'ECONNABORTED') return `Timed out after ${DELIVERY_TIMEOUT_MS / 1000} s`;
  return `Delivery failed: ${axiosError.code ?? (error as Error).message}`.slice(0, 500);
}
