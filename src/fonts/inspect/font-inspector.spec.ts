import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FontsErrorCode } from '../fonts.exception';
import { parseFont } from '../font-parser';
import { FontInspector, INSPECTION_LIMITS } from './font-inspector';
import { fontFixtures } from '../../../test/support/font-fixtures';
import { cmapTable, compositeBomb, groupsSubtable, overlappingGroups, withTable } from '../../../test/support/crafted-fonts';

/**
 * Runs `work` and answers the longest the event loop of this process was blocked meanwhile, in ms. The bound used
 * (500 ms) leaves room for a loaded machine's GC pauses; the same work on this thread blocks for seconds.
 */
async function blockedWhile<T>(work: () => Promise<T>): Promise<{ settled: PromiseSettledResult<T>; maxBlockMs: number; ms: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const [settled] = await Promise.allSettled([work()]);
  delay.disable();
  return { settled, maxBlockMs: delay.max / 1e6, ms: performance.now() - started };
}

const refusedWith = (settled: PromiseSettledResult<unknown>, message: string) =>
  expect(settled).toMatchObject({ status: 'rejected', reason: { code: FontsErrorCode.FONT_INVALID, message: expect.stringContaining(message) } });

// The worker runs the build in dist/ (npm run build), as the render workers do.
describe('FontInspector: fonts are read in a thread with a deadline and a heap limit', () => {
  it('answers what the in-process parser answers, without blocking this thread', async () => {
    const bytes = fontFixtures.woff2();
    const { settled, maxBlockMs } = await blockedWhile(() => new FontInspector().parse(bytes));
    expect(settled).toEqual({ status: 'fulfilled', value: await parseFont(bytes) });
    expect(maxBlockMs).toBeLessThan(500);
  });

  // Depth 40: 2^40 copies of one outline. fontkit would run out of memory or time on this thread; here a thread is lost.
  const bomb = compositeBomb(fontFixtures.ttf(), 40);

  it('terminates a parse past its deadline and refuses the font, this thread never blocked', async () => {
    const inspector = new FontInspector({ ...INSPECTION_LIMITS, timeoutMs: 1500, heapMb: 2048 });
    const { settled, maxBlockMs, ms } = await blockedWhile(() => inspector.parse(bomb));
    refusedWith(settled, 'reading it took longer than 1.5 s');
    expect(ms).toBeLessThan(4000);
    expect(maxBlockMs).toBeLessThan(500);
  });

  it('ends a parse past its heap limit (the thread, not the process) and refuses the font', async () => {
    const inspector = new FontInspector({ ...INSPECTION_LIMITS, timeoutMs: 60_000, heapMb: 48 });
    const { settled, maxBlockMs } = await blockedWhile(() => inspector.parse(bomb));
    refusedWith(settled, 'reading it needed more than 48 MB');
    expect(maxBlockMs).toBeLessThan(500);
  });

  it('queues uploads apart from first uses, each kind at most `concurrency` threads at once', async () => {
    // A deadline a loaded machine's thread start and parse of a small font never reach (1.5 s was, at load 13 on 2 cores).
    const inspector = new FontInspector({ ...INSPECTION_LIMITS, timeoutMs: 4000, heapMb: 2048, concurrency: 1 });
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    const [bombMs, nextUploadMs, firstUseMs] = await Promise.all([
      inspector.parse(bomb).then(() => 0, elapsed),
      inspector.parse(fontFixtures.woff()).then(elapsed),
      inspector.prepare(fontFixtures.woff(), 'fnt_queue-0').then(elapsed),
    ]);
    expect(bombMs).toBeGreaterThanOrEqual(4000);
    // The next upload waited for the one place; the first use did not wait behind uploads.
    expect(nextUploadMs).toBeGreaterThan(bombMs);
    expect(firstUseMs).toBeLessThan(bombMs);
  });

  it('prepares a stored face for drawing: ranges from its cmap and a privately named sfnt', async () => {
    const inspector = new FontInspector();
    const bytes = fontFixtures.woff2();
    const prepared = await inspector.prepare(bytes, 'fnt_test-0123456789abcdef');
    expect(prepared.coverage).toBe((await parseFont(bytes)).coverage);
    expect(Buffer.from(prepared.bytes.subarray(0, 4)).toString('latin1')).toBe('\u0000\u0001\u0000\u0000');
    expect(Buffer.from(prepared.bytes).includes(Buffer.from('fnt_test-0123456789abcdef', 'utf16le').swap16())).toBe(true);
  });

  it('refuses to prepare a face stored before uploads were checked whose cmap names 100 M code points, quickly', async () => {
    const crafted = withTable(fontFixtures.ttf(), 'cmap', cmapTable(groupsSubtable(12, overlappingGroups(1000, 100_000))));
    const { settled, maxBlockMs, ms } = await blockedWhile(() => new FontInspector().prepare(crafted, 'fnt_x-0'));
    expect(settled).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('names more code points') } });
    expect(ms).toBeLessThan(2000);
    expect(maxBlockMs).toBeLessThan(500);
  });
});
