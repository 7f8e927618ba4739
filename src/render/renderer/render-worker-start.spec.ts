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

describe('render threads', () => {
  it('run 10 nice levels below the main thread, which keeps its own priority', () => {
    expect(existsSync(WORKER_FILE)).toBe(true);
    // Niceness per thread (field 19 of /proc/<pid>/task/<tid>/stat), once a pool of two threads has started.
    const niceness = inFreshProcess<{ main: number; others: number[] }>(`
      const { readdirSync, readFileSync } = require('node:fs');
      const Piscina = require('piscina');
      const pool = new Piscina({ filename: ${JSON.stringify(WORKER_FILE)}, minThreads: 2, maxThreads: 2 });
      const nice = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
      const started = Date.now();
      const look = () => {
        const others = readdirSync('/proc/self/task').filter((tid) => Number(tid) !== process.pid).map(nice);
        // Threads lower themselves once their fonts are loaded: wait for both (a loaded machine takes longer).
        if (others.filter((value) => value === 10).length < 2 && Date.now() - started < 20000) return setTimeout(look, 100);
        console.log(JSON.stringify({ main: nice(process.pid), others }));
        process.exit(0);
      };
      look();`);
    expect(niceness.main).toBe(0);
    expect(niceness.others.filter((value) => value === 10)).toHaveLength(2);
    expect(niceness.others.filter((value) => value !== 10 && value !== 0)).toEqual([]);
  }, 30_000);
});
