import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing/billing.module';
import { StorageModule } from '../storage/storage.module';
import { TemplatesModule } from '../templates/templates.module';
import { RenderCacheEntry } from './entities/render-cache-entry.entity';
import { LayerImageFetcher } from './layer-image-fetcher';
import { RenderCacheService } from './render-cache.service';
import { RenderController } from './render.controller';
import { RenderService } from './render.service';
import { RendererService } from './renderer/renderer.service';

@Module({
  imports: [TypeOrmModule.forFeature([RenderCacheEntry]), TemplatesModule, StorageModule, BillingModule],
  controllers: [RenderController],
  providers: [RenderService, RenderCacheService, RendererService, LayerImageFetcher],
  exports: [RenderService, RendererService],
})
export class RenderModule {}
