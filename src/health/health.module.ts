import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { BillingModule } from '../billing/billing.module';
import { RenderModule } from '../render/render.module';
import { StorageModule } from '../storage/storage.module';
import { DependencyHealthIndicator } from './dependency.health';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), StorageModule, BillingModule, RenderModule],
  controllers: [HealthController],
  providers: [HealthService, DependencyHealthIndicator],
})
export class HealthModule {}
