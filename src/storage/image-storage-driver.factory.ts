import { AppConfig } from '../config/app-config';
import { ImageStorage } from './image-storage';
import { LocalImageStorage } from './local-image-storage';

/** Picks the storage driver named by `STORAGE_URL` (as twenty's FileStorageDriverFactory does). */
export function createImageStorage(config: AppConfig): ImageStorage {
  const storage = config.storage;
  switch (storage.type) {
    case 'file':
      return new LocalImageStorage(storage.directory);
    case 's3': {
      // Loaded only for S3: the AWS SDK is a fifth of the server's module loading, which file storage never needs.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { S3ImageStorage } = require('./s3-image-storage') as typeof import('./s3-image-storage');
      return new S3ImageStorage(storage);
    }
  }
}
