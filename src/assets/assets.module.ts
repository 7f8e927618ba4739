import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { AssetImageInspector } from './asset-image-inspector';
import { AssetThumbnails } from './asset-thumbnails';
import { AssetRecordsModule } from './asset-records.module';
import { AssetsController } from './assets.controller';
import { AssetsService } from './assets.service';

/** §24: the accounts' images (POST/GET/DELETE /api/assets), and their bytes for renders (`asset:<id>`). */
@Module({
  imports: [AssetRecordsModule, StorageModule],
  controllers: [AssetsController],
  providers: [AssetsService, AssetImageInspector, AssetThumbnails],
  exports: [AssetsService],
})
export class AssetsModule {}
