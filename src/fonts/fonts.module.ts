import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StorageModule } from '../storage/storage.module';
import { AccountFontsService } from './account-fonts.service';
import { FontFace } from './entities/font-face.entity';
import { FontParser } from './font-parser';
import { FontSandbox } from './font-sandbox';
import { FontsController } from './fonts.controller';
import { FontsService } from './fonts.service';

@Module({
  imports: [TypeOrmModule.forFeature([FontFace]), StorageModule],
  controllers: [FontsController],
  providers: [FontsService, FontParser, FontSandbox, AccountFontsService],
  exports: [FontsService, AccountFontsService],
})
export class FontsModule {}
