import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from './openapi-document';

/**
 * Build step (`npm run client:generate`, run by `npm run build`): writes the OpenAPI document and
 * turns it into the typed client's types with openapi-typescript, so the client always matches the
 * routes that this build serves. The output is generated, not committed (see .gitignore).
 */
const root = join(__dirname, '..', '..');
const output = join(root, 'src', 'client', 'openapi-types.ts');
const workDir = mkdtempSync(join(tmpdir(), 'pictor-openapi-'));
try {
  const input = join(workDir, 'openapi.json');
  writeFileSync(input, JSON.stringify(buildOpenApiDocument()));
  const cli = join(root, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
  execFileSync(process.execPath, [cli, input, '--output', output, '--root-types', '--root-types-no-schema-prefix', '--default-non-nullable=false', '--silent'], { stdio: 'inherit' });
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
