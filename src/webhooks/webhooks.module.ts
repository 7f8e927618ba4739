import { HttpModule } from '@nestjs/axios';
import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { RenderModule } from '../render/render.module';
import { SettingsModule } from '../settings/settings.module';
import { DeliveriesController } from './deliveries.controller';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { HookRenderService } from './hook-render.service';
import { HooksController } from './hooks.controller';
import { takeDeferredDelivery, WEBHOOK_DELIVERY_REQUESTED } from './pending-delivery';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryService } from './webhook-delivery.service';

@Module({
  imports: [IdempotencyModule, HttpModule, TypeOrmModule.forFeature([WebhookDelivery]), RenderModule, SettingsModule],
  controllers: [HooksController, DeliveriesController],
  providers: [HookRenderService, WebhookDeliveryService, WebhookDeliveriesRepository],
  exports: [WebhookDeliveryService, HookRenderService],
})
export class WebhooksModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly events: EventEmitter2,
  ) {}

  /** Fastify's onResponse runs once the answer has been fully sent: only then is the delivery released. */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onResponse', (request, _reply, done) => {
      const delivery = takeDeferredDelivery(request);
      if (delivery) this.events.emit(WEBHOOK_DELIVERY_REQUESTED, delivery);
      done();
    });
  }
}
