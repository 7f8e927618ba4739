import { readdirSync } from 'node:fs';
import { SPARE_FOLDER } from '../../src/storage/local-image-storage';

/** Paths of the files stored under a local images folder, the storage's spare empty files left out (they come and go). */
export function storedFiles(imagesDir: string): string[] {
  return readdirSync(imagesDir, { recursive: true, encoding: 'utf8' }).filter((path) => path !== SPARE_FOLDER && !path.startsWith(`${SPARE_FOLDER}/`));
}
