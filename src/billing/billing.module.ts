import { Module } from '@nestjs/common';
import { LimitsModule } from '../limits/limits.module';
import { BillingService } from './billing.service';
import { QuotaCounterRepository } from './quota-counter.repository';
import { QuotaLeaseReclaimer } from './quota-lease-reclaimer';
import { UsageController } from './usage.controller';

@Module({
  imports: [LimitsModule],
  controllers: [UsageController],
  providers: [BillingService, QuotaCounterRepository, QuotaLeaseReclaimer],
  exports: [BillingService, LimitsModule],
})
export class BillingModule {}
