/**
 * Writes src/fonts/coverage/builtin-coverage.json: for each shipped family, the code points its files
 * map in their cmap (the union of its subset files). Run after changing a font package:
 *   TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register tools/generate-font-coverage.ts
 * font-coverage.spec.ts checks the table against the installed files.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinCoverageFromFiles } from '../src/fonts/coverage/read-coverage';

const started = Date.now();
const table = builtinCoverageFromFiles();
const target = join(__dirname, '..', 'src', 'fonts', 'coverage', 'builtin-coverage.json');
writeFileSync(target, `${JSON.stringify(table, null, 1)}\n`);
console.log(`wrote ${target} (${Object.keys(table).length} families) in ${Date.now() - started} ms`);
