import type { WebhookDelivery } from '../entities/webhook-delivery.entity';

export const toDeliveryResponse = (delivery: WebhookDelivery) => ({
  id: delivery.id,
  url: delivery.url,
  imageUrl: delivery.imageUrl,
  outcome: delivery.outcome,
  responseStatus: delivery.responseStatus,
  durationMs: delivery.durationMs,
  error: delivery.error,
  createdAt: delivery.createdAt.toISOString(),
});
