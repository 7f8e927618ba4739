import { Controller, Get } from '@nestjs/common';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { toDeliveryResponse } from './dto/delivery-response';
import { WebhookDeliveryService } from './webhook-delivery.service';

@Controller('api/webhooks/deliveries')
export class DeliveriesController {
  constructor(private readonly deliveries: WebhookDeliveryService) {}

  /** The latest 100 attempts, newest first. */
  @Get()
  async list(@CurrentAccount() account: Account) {
    return { data: (await this.deliveries.list(account.id)).map(toDeliveryResponse) };
  }
}
