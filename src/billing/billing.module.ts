import { Module } from '@nestjs/common';
import { LimitsModule } from '../limits/limits.module';
import { BillingService } from './billing.service';
import { QuotaBlockRepository } from './quota-block.repository';
import { QuotaBlocks } from './quota-blocks';
import { QuotaCounterRepository } from './quota-counter.repository';
import { QuotaLeaseReclaimer } from './quota-lease-reclaimer';
import { RefundRetrier } from './refund-retrier';
import { UsageController } from './usage.controller';

@Module({
  imports: [LimitsModule],
  controllers: [UsageController],
  providers: [BillingService, QuotaCounterRepository, QuotaBlockRepository, QuotaBlocks, QuotaLeaseReclaimer, RefundRetrier],
  exports: [BillingService, LimitsModule, RefundRetrier],
})
export class BillingModule {}
