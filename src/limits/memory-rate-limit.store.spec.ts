import { IDLE_SWEEP_INTERVAL_MS, MemoryRateLimitStore } from './memory-rate-limit.store';

const WINDOW = 60_000;

describe('MemoryRateLimitStore', () => {
  it('allows `limit` requests per sliding window and says when the oldest leaves', async () => {
    const store = new MemoryRateLimitStore();
    for (let index = 0; index < 3; index++) {
      expect(await store.acquire('acc', `r${index}`, 3, WINDOW, 1_000 + index * 10)).toEqual({ allowed: true, count: index + 1, oldestExpiresAtMs: 61_000 });
    }
    expect(await store.acquire('acc', 'r3', 3, WINDOW, 30_000)).toEqual({ allowed: false, count: 3, oldestExpiresAtMs: 61_000 });
    // The first request leaves the window at 61 000 ms exactly; the next two are still in it.
    expect(await store.acquire('acc', 'r4', 3, WINDOW, 61_000)).toEqual({ allowed: true, count: 3, oldestExpiresAtMs: 61_010 });
    expect(await store.peek('acc', WINDOW, 200_000)).toEqual({ count: 0, oldestExpiresAtMs: null });
  });

  it('gives a released slot back, once, and keeps keys apart', async () => {
    const store = new MemoryRateLimitStore();
    await store.acquire('acc', 'a', 2, WINDOW, 0);
    await store.acquire('acc', 'b', 2, WINDOW, 5);
    expect((await store.acquire('other', 'x', 2, WINDOW, 6)).allowed).toBe(true);
    expect((await store.acquire('acc', 'c', 2, WINDOW, 10)).allowed).toBe(false);
    await store.release('acc', 'a');
    await store.release('acc', 'a');
    expect(await store.peek('acc', WINDOW, 10)).toEqual({ count: 1, oldestExpiresAtMs: 60_005 });
    expect((await store.acquire('acc', 'c', 2, WINDOW, 10)).allowed).toBe(true);
    expect((await store.acquire('acc', 'd', 2, WINDOW, 11)).allowed).toBe(false);
  });

  it('forgets keys nobody uses again once their window has passed (bounded memory under unique keys)', async () => {
    const store = new MemoryRateLimitStore();
    for (let index = 0; index < 1_000; index++) await store.acquire(`login:user${index}@example.com`, `a${index}`, 10, WINDOW, 1_000 + index);
    expect(store.size).toBe(1_000);
    // A key still inside its window stays; every idle one goes at the next sweep.
    await store.acquire('fresh', 'f', 10, WINDOW, 60_000);
    expect(store.size).toBe(1_001);
    // Sweeps run at most every IDLE_SWEEP_INTERVAL_MS, so an idle key lives at most window + that interval.
    const later = 60_000 + IDLE_SWEEP_INTERVAL_MS;
    await store.acquire('later', 'l', 10, WINDOW, later);
    expect(store.size).toBe(2);
    expect(await store.peek('fresh', WINDOW, later)).toEqual({ count: 1, oldestExpiresAtMs: 120_000 });
  });

  it('counts in time order even when the clock steps back', async () => {
    const store = new MemoryRateLimitStore();
    await store.acquire('acc', 'late', 5, WINDOW, 50_000);
    await store.acquire('acc', 'early', 5, WINDOW, 10_000);
    expect(await store.peek('acc', WINDOW, 50_000)).toEqual({ count: 2, oldestExpiresAtMs: 70_000 });
    expect(await store.peek('acc', WINDOW, 70_000)).toEqual({ count: 1, oldestExpiresAtMs: 110_000 });
  });

  it('holds a long window of requests without slowing down or keeping expired ones', async () => {
    const store = new MemoryRateLimitStore();
    let allowed = 0;
    // 200 000 requests, 1 ms apart, limit 50 000 per minute: the first 50 000 of each minute pass.
    for (let index = 0; index < 200_000; index++) if ((await store.acquire('acc', `r${index}`, 50_000, WINDOW, index)).allowed) allowed++;
    expect(allowed).toBe(200_000 - 3 * 10_000);
    expect((await store.peek('acc', WINDOW, 199_999)).count).toBe(50_000);
  });
});
