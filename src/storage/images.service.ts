import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { Readable } from 'node:stream';
import { ifNoneMatchHits } from '../common/http/conditional-get';
import { CONTENT_TYPE_BY_EXTENSION, HEADERS_BY_EXTENSION, IMAGE_FILE_PATTERN, RESULT_EXTENSIONS } from '../design/output-formats';
import { ImageStorage } from './image-storage';
import { ImagesErrorCode, ImagesException } from './images.exception';

/** Emitted with the image key each time an image is served through its imageUrl (retention counts it as an access). */
export const IMAGE_SERVED_EVENT = 'image.served';
/** Emitted with the key of a job's result (a ZIP…) each time it is served (retention counts it as an access). */
export const RESULT_SERVED_EVENT = 'job-result.served';

export type ImageAnswer =
  { notModified: true; headers: Record<string, string> } | { notModified: false; stream: Readable; size: number; headers: Record<string, string> };

@Injectable()
export class ImagesService {
  constructor(
    private readonly storage: ImageStorage,
    private readonly events: EventEmitter2,
  ) {}

  /**
   * The image, or `notModified` when `ifNoneMatch` names its ETag (the bytes under a key never change,
   * so a client holding them needs nothing more; a file that is gone still answers 404).
   */
  async open(file: string, ifNoneMatch?: string): Promise<ImageAnswer> {
    const match = IMAGE_FILE_PATTERN.exec(file);
    const etag = match ? `"${match[1]}"` : '';
    const headers = {
      'content-type': match ? CONTENT_TYPE_BY_EXTENSION.get(match[2])! : '',
      ...(match ? HEADERS_BY_EXTENSION.get(match[2]) : {}),
      etag,
      'cache-control': 'public, max-age=31536000, immutable',
    };
    // Either way the image must still exist (checked here for a 304, by the open below otherwise).
    if (match && ifNoneMatchHits(ifNoneMatch, etag) && (await this.storage.exists(file))) {
      this.served(match);
      return { notModified: true, headers };
    }
    const stored = match ? await this.storage.open(file) : null;
    if (!match || !stored) throw new ImagesException(ImagesErrorCode.IMAGE_NOT_FOUND, 'Image not found');
    this.served(match);
    return { notModified: false, ...stored, headers };
  }

  private served([, key, extension]: RegExpExecArray): void {
    this.events.emit(RESULT_EXTENSIONS.has(extension) ? RESULT_SERVED_EVENT : IMAGE_SERVED_EVENT, key);
    // A PDF is a row's render or a job's result (output "pdf"): the job results' retention hears of it too.
    if (extension === 'pdf') this.events.emit(RESULT_SERVED_EVENT, key);
  }
}
