import { Module } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { BillingService } from './billing.service';
import { QuotaCounterRepository } from './quota-counter.repository';
import { QuotaLeaseReclaimer } from './quota-lease-reclaimer';
import { MemoryRateLimitStore } from './rate-limit/memory-rate-limit.store';
import { RateLimitStore } from './rate-limit/rate-limit-store';
import { RedisRateLimitStore } from './rate-limit/redis-rate-limit.store';
import { UsageController } from './usage.controller';

@Module({
  controllers: [UsageController],
  providers: [
    BillingService,
    QuotaCounterRepository,
    QuotaLeaseReclaimer,
    {
      // Redis when configured (limits shared by every instance), else this process's memory.
      provide: RateLimitStore,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        config.redisUrl ? new RedisRateLimitStore(new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }), config.redisPrefix) : new MemoryRateLimitStore(),
    },
  ],
  exports: [BillingService, RateLimitStore],
})
export class BillingModule {}
