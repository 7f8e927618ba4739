import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { RenderModule } from '../render/render.module';
import { PreviewController } from './preview.controller';
import { PreviewService } from './preview.service';

@Module({
  imports: [RenderModule, BillingModule],
  controllers: [PreviewController],
  providers: [PreviewService],
  exports: [PreviewService],
})
export class PreviewModule {}
