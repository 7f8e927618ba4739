import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { configureRenderThreadHeap } from './render-thread-heap';

/** Young-generation collections a new worker thread makes while it allocates ~200 MB of objects that live a while (~3 MB at a time, as a drawing's do). */
const scavengesInNewThread = () =>
  new Promise<number>((resolve, reject) => {
    const code = `
      const { parentPort } = require('node:worker_threads');
      const { PerformanceObserver, constants } = require('node:perf_hooks');
      let minor = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor++;
      });
      observer.observe({ entryTypes: ['gc'] });
      const living = [];
      for (let round = 0; round < 4_000; round++) {
        living.push(Array.from({ length: 1_000 }, (_, index) => ({ index, round })));
        if (living.length > 60) living.shift();
      }
      setTimeout(() => parentPort.postMessage(living.length > 0 ? minor : -1), 50);
    `;
    const worker = new Worker(code, { eval: true });
    worker.once('message', (minor: number) => void worker.terminate().then(() => resolve(minor)));
    worker.once('error', reject);
  });

describe('configureRenderThreadHeap', () => {
  it("gives threads created after it a young generation larger than the main thread's --max-semi-space-size=4", async () => {
    setFlagsFromString('--max-semi-space-size=4');
    const small = await scavengesInNewThread();
    configureRenderThreadHeap();
    const large = await scavengesInNewThread();
    expect(small).toBeGreaterThan(0);
    expect(large).toBeLessThan(small / 2);
  });
});
