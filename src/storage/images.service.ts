import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { AppException } from '../common/errors/app-exception';
import { ImageStorage } from './image-storage';

export const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
const FILE_PATTERN = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

export enum ImagesErrorCode {
  IMAGE_NOT_FOUND = 'image_not_found',
}

export class ImagesException extends AppException {
  constructor(code: ImagesErrorCode, message: string) {
    super(code, 404, message);
  }
}

export type ImageAnswer =
  | { notModified: true; headers: Record<string, string> }
  | { notModified: false; stream: Readable; size: number; headers: Record<string, string> };

@Injectable()
export class ImagesService {
  constructor(private readonly storage: ImageStorage) {}

  /**
   * The image, or `notModified` when `ifNoneMatch` names its ETag (the bytes under a key never change,
   * so a client holding them needs nothing more; a file that is gone still answers 404).
   */
  async open(file: string, ifNoneMatch?: string): Promise<ImageAnswer> {
    const match = FILE_PATTERN.exec(file);
    const etag = match ? `"${match[1]}"` : '';
    const headers = { 'content-type': match ? CONTENT_TYPES[match[2]] : '', etag, 'cache-control': 'public, max-age=31536000, immutable' };
    if (match && ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) && (await this.storage.exists(file))) {
      return { notModified: true, headers };
    }
    const stored = match ? await this.storage.open(file) : null;
    if (!match || !stored) throw new ImagesException(ImagesErrorCode.IMAGE_NOT_FOUND, 'Image not found');
    return { notModified: false, ...stored, headers };
  }
}
