import { Module } from '@nestjs/common';
import { ImageStorage } from './image-storage';
import { ImagesController } from './images.controller';
import { ImagesService } from './images.service';
import { LocalImageStorage } from './local-image-storage';

@Module({
  controllers: [ImagesController],
  providers: [ImagesService, { provide: ImageStorage, useClass: LocalImageStorage }],
  exports: [ImageStorage],
})
export class StorageModule {}
