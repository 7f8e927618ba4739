import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { AccountFontsService } from './account-fonts.service';
import { FontFacesModule } from './font-faces.module';
import { FontParser } from './font-parser';
import { FontSandbox } from './font-sandbox';
import { FontsController } from './fonts.controller';
import { FontsService } from './fonts.service';

@Module({
  imports: [FontFacesModule, StorageModule],
  controllers: [FontsController],
  providers: [FontsService, FontParser, FontSandbox, AccountFontsService],
  exports: [FontsService, AccountFontsService],
})
export class FontsModule {}
