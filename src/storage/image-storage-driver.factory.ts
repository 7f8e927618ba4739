import { AppConfig } from '../config/app-config';
import { ImageStorage } from './image-storage';
import { LocalImageStorage } from './local-image-storage';
import { S3ImageStorage } from './s3-image-storage';

/** Picks the storage driver named by `STORAGE_URL` (as twenty's FileStorageDriverFactory does). */
export function createImageStorage(config: AppConfig): ImageStorage {
  const storage = config.storage;
  switch (storage.type) {
    case 'file':
      return new LocalImageStorage(storage.directory);
    case 's3':
      return new S3ImageStorage(storage);
  }
}
