import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AssetsModule } from '../assets/assets.module';
import { BillingModule } from '../billing/billing.module';
import { IdempotencyModule } from '../idempotency/idempotency.module';
import { FontsModule } from '../fonts/fonts.module';
import { SettingsModule } from '../settings/settings.module';
import { StorageModule } from '../storage/storage.module';
import { TemplatesModule } from '../templates/templates.module';
import { DocumentComposer } from './document-composer';
import { DocumentService } from './document.service';
import { LayerImageFetcher } from './layer-image-fetcher';
import { RenderCacheRepository } from './render-cache.repository';
import { RenderCacheService } from './render-cache.service';
import { RenderFlightService } from './render-flight.service';
import { RenderPipeline } from './render-pipeline';
import { PublicRenderController } from './public-render.controller';
import { PublicRenderLimiter } from './public-render-limiter';
import { PublicRenderService } from './public-render.service';
import { RenderBatchService } from './render-batch.service';
import { RenderController } from './render.controller';
import { RenderService } from './render.service';
import { RendererService } from './renderer/renderer.service';
import { ImageAccessTracker } from './retention/image-access-tracker';
import { RetentionSweeperService } from './retention/retention-sweeper.service';
import { RenderAnswerHooks } from './render-answer.hooks';

@Module({
  imports: [IdempotencyModule, TemplatesModule, StorageModule, BillingModule, AccountsModule, SettingsModule, FontsModule, AssetsModule],
  controllers: [RenderController, PublicRenderController],
  providers: [
    PublicRenderService,
    PublicRenderLimiter,
    RenderService,
    RenderBatchService,
    RenderCacheRepository,
    RenderCacheService,
    RenderFlightService,
    ImageAccessTracker,
    RetentionSweeperService,
    RendererService,
    LayerImageFetcher,
    RenderPipeline,
    DocumentComposer,
    DocumentService,
    RenderAnswerHooks,
  ],
  exports: [RenderService, RendererService, RenderPipeline, DocumentComposer],
})
export class RenderModule {}
