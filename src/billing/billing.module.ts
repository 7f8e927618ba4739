import { Module } from '@nestjs/common';
import { LimitsModule } from '../limits/limits.module';
import { BillingService } from './billing.service';
import { QuotaCounterRepository } from './quota-counter.repository';
import { QuotaLeaseReclaimer } from './quota-lease-reclaimer';
import { RefundRetrier } from './refund-retrier';
import { UsageController } from './usage.controller';

@Module({
  imports: [LimitsModule],
  controllers: [UsageController],
  providers: [BillingService, QuotaCounterRepository, QuotaLeaseReclaimer, RefundRetrier],
  exports: [BillingService, LimitsModule, RefundRetrier],
})
export class BillingModule {}
