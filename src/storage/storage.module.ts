import { Module } from '@nestjs/common';
import { ImageStorage } from './image-storage';
import { ImagesController } from './images.controller';
import { ImagesService } from './images.service';
import { AppConfig } from '../config/app-config';
import { createImageStorage } from './image-storage-driver.factory';

@Module({
  controllers: [ImagesController],
  providers: [ImagesService, { provide: ImageStorage, inject: [AppConfig], useFactory: createImageStorage }],
  exports: [ImageStorage],
})
export class StorageModule {}
