import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RetentionSweeperService } from '../src/render/retention/retention-sweeper.service';
import { ImageAccessTracker } from '../src/render/retention/image-access-tracker';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { startSecondInstance, startTestApp, TestApp } from './support/test-app';

/** §19 retention: IMAGE_RETENTION=90s on two instances sharing the database (and Redis when set), moved by fake clocks. */
describe('image retention', () => {
  let first: TestApp;
  let second: TestApp;
  let owner: TestAccount;
  let templateId: string;
  const env = { IMAGE_RETENTION: '90s' };

  beforeAll(async () => {
    first = await startTestApp({ env });
    second = await startSecondInstance(first, { env });
    owner = await createAccount(first, { plan: 'pro' });
    templateId = await createTemplate(first, owner.apiKey);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const advance = (ms: number) => [first, second].forEach((instance) => instance.clock.advance(ms));
  const render = (instance: TestApp, text: string) =>
    instance.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: { title: { text } } } });
  const fileOf = (imageUrl: string) => join(first.config.imagesDir, new URL(imageUrl).pathname.split('/').pop()!);
  const used = async () => (await first.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used;
  const cacheRows = async (imageUrl: string) => {
    const key = new URL(imageUrl).pathname.split('/').pop()!.split('.')[0];
    return (await first.dataSource.query('SELECT cache_key FROM render_cache WHERE cache_key = ?', [key])).length;
  };

  it('deletes images neither rendered nor requested for the retention with their cache rows, keeps the others, and a later request draws again and counts', async () => {
    const idle = await render(first, 'Idle image');
    const popular = await render(first, 'Popular image');
    const served = await render(first, 'Served image');
    expect([idle.body.cached, popular.body.cached, served.body.cached]).toEqual([false, false, false]);
    const usedAfterDrawing = await used();

    advance(60_000);
    // Accesses of three kinds: a cached answer (another instance), GET /api/render, the imageUrl itself.
    expect((await render(second, 'Popular image')).body.cached).toBe(true);
    expect((await second.request('GET', new URL(served.body.imageUrl).pathname)).status).toBe(200);
    expect((await first.request('GET', `/api/render?templateId=${templateId}&layers[title][text]=Popular%20image`)).headers.get('x-cache')).toBe('HIT');
    // The other instance records its accesses in bulk (on a timer in production).
    await second.get(ImageAccessTracker).flush();

    advance(60_000);
    const sweep = await first.get(RetentionSweeperService).sweep();
    expect(sweep.ran).toBe(true);
    expect(sweep.deleted).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(idle.body.imageUrl))).toBe(false);
    expect(await cacheRows(idle.body.imageUrl)).toBe(0);
    expect(existsSync(fileOf(popular.body.imageUrl))).toBe(true);
    expect(await cacheRows(popular.body.imageUrl)).toBe(1);
    expect(existsSync(fileOf(served.body.imageUrl))).toBe(true);
    expect((await first.request('GET', new URL(idle.body.imageUrl).pathname)).status).toBe(404);

    const again = await render(second, 'Idle image');
    expect(again.body.cached).toBe(false);
    expect(again.body.imageUrl).toBe(idle.body.imageUrl);
    expect(await used()).toBe(usedAfterDrawing + 1);
    expect((await first.request('GET', new URL(again.body.imageUrl).pathname)).status).toBe(200);
  });

  it('never answers from an entry another instance has just swept: the answer is a fresh render whose image exists', async () => {
    const drawn = await render(first, 'Remembered elsewhere');
    // The second instance now remembers the entry in memory.
    expect((await render(second, 'Remembered elsewhere')).body.cached).toBe(true);
    advance(100_000);
    expect((await first.get(RetentionSweeperService).sweep()).deleted).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(drawn.body.imageUrl))).toBe(false);

    const usedBefore = await used();
    const answer = await render(second, 'Remembered elsewhere');
    expect(answer.body.cached).toBe(false);
    expect(await used()).toBe(usedBefore + 1);
    expect(existsSync(fileOf(answer.body.imageUrl))).toBe(true);
    expect((await second.request('GET', new URL(answer.body.imageUrl).pathname)).status).toBe(200);
  });

  it('runs one sweep at a time across instances', async () => {
    // Hold the first sweep open just after it has taken the lease (its first step is the tracker
    // flush): two sweeps started together can otherwise finish one after the other.
    const tracker = first.get(ImageAccessTracker);
    let leaseTaken!: () => void;
    let letGo!: () => void;
    const taken = new Promise<void>((resolve) => (leaseTaken = resolve));
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const flush = jest.spyOn(tracker, 'flush').mockImplementation(async () => {
      leaseTaken();
      await held;
    });
    const running = first.get(RetentionSweeperService).sweep();
    await taken;
    expect(await second.get(RetentionSweeperService).sweep()).toEqual({ ran: false, deleted: 0 });
    letGo();
    expect((await running).ran).toBe(true);
    flush.mockRestore();
    // Released at the end: the next sweep runs.
    expect((await second.get(RetentionSweeperService).sweep()).ran).toBe(true);
  });

  it('keeps everything when IMAGE_RETENTION is unset', async () => {
    const keeper = await startTestApp();
    try {
      const account = await createAccount(keeper, { plan: 'pro' });
      const id = await createTemplate(keeper, account.apiKey);
      const drawn = await keeper.request('POST', '/api/generate', { apiKey: account.apiKey, body: { templateId: id, layers: {} } });
      keeper.clock.advance(10 * 365 * 86_400_000);
      expect(await keeper.get(RetentionSweeperService).sweep()).toEqual({ ran: false, deleted: 0 });
      expect((await keeper.request('POST', '/api/generate', { apiKey: account.apiKey, body: { templateId: id, layers: {} } })).body.cached).toBe(true);
      expect(existsSync(join(keeper.config.imagesDir, new URL(drawn.body.imageUrl).pathname.split('/').pop()!))).toBe(true);
    } finally {
      await keeper.close();
    }
  });
});
