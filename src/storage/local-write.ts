import { renameSync, rmSync, writeFileSync } from 'node:fs';

/** A file stored atomically in a local folder: written as `temporary` beside it, then renamed onto `target`. */
export interface LocalWrite {
  target: string;
  temporary: string;
}

/**
 * Writes `bytes` to `temporary` and renames it onto `target`, synchronously: readers see the whole file or none. On
 * failure the temporary file is removed and the error thrown. Used by LocalImageStorage.put for ordinary sizes and
 * by the render thread that drew an image (render.worker.ts), so it must stay free of anything but node:fs.
 */
export function writeLocally(bytes: Uint8Array, { target, temporary }: LocalWrite): void {
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
