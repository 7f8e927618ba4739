import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { StorageModule } from '../storage/storage.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { StorageHealthIndicator } from './storage.health';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), StorageModule],
  controllers: [HealthController],
  providers: [HealthService, StorageHealthIndicator],
})
export class HealthModule {}
