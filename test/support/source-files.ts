import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every TypeScript source file below `directory`, specs and declaration files left out (for the tree's own checks). */
export function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(directory, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')
        ? [join(directory, entry.name)]
        : [],
  );
}
