import { Module } from '@nestjs/common';
import { StudioAssets } from './studio-assets';

/** The studio's built front end (dist/studio), served by the dashboard and by the embed page (§23) alike. */
@Module({
  providers: [StudioAssets],
  exports: [StudioAssets],
})
export class StudioBundleModule {}
