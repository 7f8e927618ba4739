import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { FontsModule } from '../fonts/fonts.module';
import { RenderModule } from '../render/render.module';
import { PreviewController } from './preview.controller';
import { PreviewService } from './preview.service';

@Module({
  imports: [RenderModule, BillingModule, FontsModule],
  controllers: [PreviewController],
  providers: [PreviewService],
  exports: [PreviewService],
})
export class PreviewModule {}
