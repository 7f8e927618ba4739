import type { Readable } from 'node:stream';

export interface StoredImage {
  stream: Readable;
  size: number;
}

/** Where drawn images live. Local disk today; an object store can implement the same contract. */
export abstract class ImageStorage {
  /** Writes atomically: readers see the whole file or nothing. */
  abstract put(name: string, bytes: Uint8Array): Promise<void>;
  abstract open(name: string): Promise<StoredImage | null>;
  /** Removes the object; a name that does not exist is not an error. */
  abstract delete(name: string): Promise<void>;
  /**
   * Whether `name` is stored. Asked on every cached POST /api/generate answer (its URL must work), so it
   * must be cheap: a local stat, or a driver-side memory of recent answers for remote stores.
   */
  abstract exists(name: string): Promise<boolean>;
  /** Proves the store can be written (readiness checks). */
  abstract probe(): Promise<void>;
}
