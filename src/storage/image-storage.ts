import type { Readable } from 'node:stream';
import type { LocalWrite } from './local-write';

export type { LocalWrite };

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
  /**
   * Writes a stream of unknown length (a job's ZIP) without holding it in memory, atomically like `put`.
   * `signal` abandons the write (nothing is left under `name`); the source is destroyed on failure.
   */
  abstract putStream(name: string, source: Readable, signal?: AbortSignal): Promise<void>;
  abstract open(name: string): Promise<StoredImage | null>;
  /**
   * Whether `name` is stored. Asked on every cached POST /api/generate answer (its URL must work), so it
   * must be cheap: a local stat, or a driver-side memory of recent answers for remote stores.
   */
  abstract exists(name: string): Promise<boolean>;
  /** Removes the object; a name that does not exist is not an error. */
  abstract delete(name: string): Promise<void>;
  /** Proves the store can be reached (readiness checks). */
  abstract probe(): Promise<void>;

  /**
   * For a store that is a local folder: the files through which the render thread that drew `name` stores it itself
   * (write `temporary`, rename it onto `target`: atomic, as `put`), so its bytes never cross to the event loop. Null
   * for any other store, and whenever the caller is to `put` instead.
   */
  localWrite(_name: string): LocalWrite | null {
    return null;
  }
}
