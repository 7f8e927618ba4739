import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Young-generation collections of a new worker thread allocating ~200 MB of objects that live a while (~3 MB at a
 * time, as a drawing's do), before and after `configureRenderThreadHeap()`, in a process of its own started as
 * `npm start` starts the server (`--max-semi-space-size=4`): the test runner's process shares V8's flags with every
 * other spec it runs (the app's specs raise the flag too).
 */
const MEASURE = `
  const { Worker } = require('node:worker_threads');
  const { configureRenderThreadHeap } = require('./render-thread-heap');
  const code = \`
    const { parentPort } = require('node:worker_threads');
    const { PerformanceObserver, constants } = require('node:perf_hooks');
    let minor = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor++;
    });
    observer.observe({ entryTypes: ['gc'] });
    const living = [];
    for (let round = 0; round < 4000; round++) {
      living.push(Array.from({ length: 1000 }, (_, index) => ({ index, round })));
      if (living.length > 60) living.shift();
    }
    setTimeout(() => parentPort.postMessage(living.length > 0 ? minor : -1), 50);
  \`;
  const scavenges = () => new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, execArgv: [] });
    worker.once('message', (minor) => void worker.terminate().then(() => resolve(minor)));
    worker.once('error', reject);
  });
  (async () => {
    const small = await scavenges();
    configureRenderThreadHeap();
    const large = await scavenges();
    process.stdout.write(JSON.stringify({ small, large }));
  })();
`;

describe('configureRenderThreadHeap', () => {
  it("gives threads created after it a young generation larger than the main thread's --max-semi-space-size=4", () => {
    const output = execFileSync(process.execPath, ['--max-semi-space-size=4', '-r', 'ts-node/register/transpile-only', '-e', MEASURE], {
      cwd: __dirname,
      env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '..', '..', '..', 'tsconfig.json') },
    }).toString();
    const { small, large } = JSON.parse(output) as { small: number; large: number };
    expect(small).toBeGreaterThan(0);
    expect(large).toBeLessThan(small / 2);
  });
});
