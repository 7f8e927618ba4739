import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The largest young generation (V8's new space, two semi-spaces) of a new worker thread allocating ~200 MB of objects
 * that live a while (~3 MB at a time, as a drawing's do), before and after `configureRenderThreadHeap()`, in a process of its own started as
 * `npm start` starts the server (`--max-semi-space-size=4`): the test runner's process shares V8's flags with every
 * other spec it runs (the app's specs raise the flag too).
 */
const MEASURE = `
  const { Worker } = require('node:worker_threads');
  const { configureRenderThreadHeap } = require('./render-thread-heap');
  const code = \`
    const { parentPort } = require('node:worker_threads');
    const { getHeapSpaceStatistics } = require('node:v8');
    const newSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
    let largest = 0;
    const living = [];
    for (let round = 0; round < 4000; round++) {
      living.push(Array.from({ length: 1000 }, (_, index) => ({ index, round })));
      if (living.length > 60) living.shift();
      if (round % 50 === 0) largest = Math.max(largest, newSpace());
    }
    parentPort.postMessage(living.length > 0 ? largest / 1048576 : -1);
  \`;
  const youngGeneration = () => new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, execArgv: [] });
    worker.once('message', (megabytes) => void worker.terminate().then(() => resolve(megabytes)));
    worker.once('error', reject);
  });
  (async () => {
    const small = await youngGeneration();
    configureRenderThreadHeap();
    const large = await youngGeneration();
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
    // Two semi-spaces of at most 4 MB before; grown past that (V8 grows it while most of it survives) after.
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThanOrEqual(8);
    expect(large).toBeGreaterThan(8);
  });
});
