import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

// This file sits at <root>/src/common/runtime (sources) or <root>/dist/common/runtime (the build).
const PROJECT_ROOT = join(__dirname, '..', '..', '..');

/**
 * A compiled script (a worker thread's file) in `directory`, the caller's own folder: beside it in the build; when the
 * caller runs from TypeScript sources (tests), the same file in dist/.
 */
export function builtScript(directory: string, fileName: string): string {
  const beside = join(directory, fileName);
  if (existsSync(beside)) return beside;
  const built = join(PROJECT_ROOT, 'dist', relative(join(PROJECT_ROOT, 'src'), directory), fileName);
  if (existsSync(built)) return built;
  throw new Error(`${fileName} is not built (${built}); run npm run build`);
}
