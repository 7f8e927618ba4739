import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { AppException } from '../common/errors/app-exception';
import { ImageStorage } from './image-storage';

export const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' };
const FILE_PATTERN = /^([0-9a-f]{64})\.(png|jpg|webp|avif)$/;

export enum ImagesErrorCode {
  IMAGE_NOT_FOUND = 'image_not_found',
}

export class ImagesException extends AppException {
  constructor(code: ImagesErrorCode, message: string) {
    super(code, 404, message);
  }
}

@Injectable()
export class ImagesService {
  constructor(private readonly storage: ImageStorage) {}

  async open(file: string): Promise<{ stream: Readable; size: number; headers: Record<string, string> }> {
    const match = FILE_PATTERN.exec(file);
    const stored = match ? await this.storage.open(file) : null;
    if (!match || !stored) throw new ImagesException(ImagesErrorCode.IMAGE_NOT_FOUND, 'Image not found');
    return {
      ...stored,
      headers: {
        'content-type': CONTENT_TYPES[match[2]],
        etag: `"${match[1]}"`,
        'cache-control': 'public, max-age=31536000, immutable',
      },
    };
  }
}
