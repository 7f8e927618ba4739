import type { Readable } from 'node:stream';

export interface StoredImage {
  stream: Readable;
  size: number;
}

/**
 * Where drawn images (and account fonts, under `fonts/`) live: local disk or an S3-compatible
 * bucket, chosen by `STORAGE_URL` (createImageStorage). A store that cannot be reached throws
 * ImagesException `storage_unavailable` (503), which callers let through after undoing their own work.
 */
export abstract class ImageStorage {
  /** Writes atomically: readers see the whole file or nothing. */
  abstract put(name: string, bytes: Uint8Array): Promise<void>;
  abstract open(name: string): Promise<StoredImage | null>;
  /** Removes the object; a name that does not exist is not an error. */
  abstract delete(name: string): Promise<void>;
  /** Proves the store can be reached (readiness checks). */
  abstract probe(): Promise<void>;
}
