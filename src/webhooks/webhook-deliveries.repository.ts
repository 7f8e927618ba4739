import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { WebhookDelivery } from './entities/webhook-delivery.entity';

/**
 * Owning repository of `webhook_deliveries`, the delivery log. Rows are only ever inserted and read
 * fresh (nothing remembers them), so no write is announced on the change feed.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>) {}

  async insert(delivery: WebhookDelivery): Promise<void> {
    await this.deliveries.insert(delivery);
  }

  /** The account's latest deliveries, newest first. */
  listRecent(accountId: string, limit: number): Promise<WebhookDelivery[]> {
    return this.deliveries.find({ where: { accountId }, order: { createdAt: 'DESC' }, take: limit });
  }
}
