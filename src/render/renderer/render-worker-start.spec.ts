import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const WORKER_FILE = join(ROOT, 'dist', 'render', 'renderer', 'render.worker.js');

/**
 * Runs `script` in a process of its own (the font collection is the whole process's) whose environment lacks
 * DISABLE_SYSTEM_FONTS_LOAD, and answers what it prints as JSON.
 */
function inFreshProcess<T>(script: string): T {
  const env = { ...process.env };
  delete env.DISABLE_SYSTEM_FONTS_LOAD;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, env, encoding: 'utf8' })) as T;
}

describe('a render thread at start', () => {
  it('registers the shipped fonts and none of the host’s (Liberation Sans is installed here and would load)', () => {
    expect(existsSync(WORKER_FILE)).toBe(true);
    // The host font is there: @napi-rs/canvas alone registers it.
    const plain = inFreshProcess<boolean>(`
      const { GlobalFonts } = require('@napi-rs/canvas');
      console.log(JSON.stringify(GlobalFonts.has('Liberation Sans')));`);
    expect(plain).toBe(true);
    // The worker module as a pool loads it (it registers the shipped fonts when it loads).
    const rendering = inFreshProcess<{ host: boolean; shipped: boolean }>(`
      require(${JSON.stringify(WORKER_FILE)});
      const { GlobalFonts } = require('@napi-rs/canvas');
      console.log(JSON.stringify({ host: GlobalFonts.has('Liberation Sans'), shipped: GlobalFonts.has('Inter') }));`);
    expect(rendering).toEqual({ host: false, shipped: true });
  }, 30_000);
});
