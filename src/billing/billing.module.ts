import { Module } from '@nestjs/common';
import { RedisConnections } from '../redis/redis-connections';
import { BillingService } from './billing.service';
import { QuotaCounterRepository } from './quota-counter.repository';
import { QuotaLeaseReclaimer } from './quota-lease-reclaimer';
import { MemoryRateLimitStore } from './rate-limit/memory-rate-limit.store';
import { RateLimitStore } from './rate-limit/rate-limit-store';
import { RefundRetrier } from './refund-retrier';
import { RedisRateLimitStore } from './rate-limit/redis-rate-limit.store';
import { UsageController } from './usage.controller';

@Module({
  controllers: [UsageController],
  providers: [
    BillingService,
    QuotaCounterRepository,
    QuotaLeaseReclaimer,
    RefundRetrier,
    {
      // Redis when configured (limits shared by every instance), else this process's memory.
      provide: RateLimitStore,
      inject: [RedisConnections],
      useFactory: (redis: RedisConnections) => (redis.client ? new RedisRateLimitStore(redis.client, redis.prefix) : new MemoryRateLimitStore()),
    },
  ],
  exports: [BillingService, RateLimitStore, RefundRetrier],
})
export class BillingModule {}
