import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { AccountFontsService } from './account-fonts.service';
import { FontFacesModule } from './font-faces.module';
import { FontSandbox } from './font-sandbox';
import { FontsController } from './fonts.controller';
import { FontsService } from './fonts.service';
import { FontInspector, INSPECTION_LIMITS, INSPECTION_LIMITS_TOKEN } from './inspect/font-inspector';

@Module({
  imports: [FontFacesModule, StorageModule],
  controllers: [FontsController],
  providers: [FontsService, FontInspector, { provide: INSPECTION_LIMITS_TOKEN, useValue: INSPECTION_LIMITS }, FontSandbox, AccountFontsService],
  exports: [FontsService, AccountFontsService],
})
export class FontsModule {}
