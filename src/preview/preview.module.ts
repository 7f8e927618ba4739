import { Module } from '@nestjs/common';
import { LimitsModule } from '../limits/limits.module';
import { RenderModule } from '../render/render.module';
import { PreviewController } from './preview.controller';
import { PreviewService } from './preview.service';

@Module({
  imports: [RenderModule, LimitsModule],
  controllers: [PreviewController],
  providers: [PreviewService],
  exports: [PreviewService],
})
export class PreviewModule {}
