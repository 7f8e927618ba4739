import { ChangeFeed } from './change-feed';
import { ChangeFeedCache } from './change-feed-cache';

class ManualFeed extends ChangeFeed {
  generation: number | null = 0;

  stamp(): number | null {
    return this.generation;
  }

  changed(): Promise<void> {
    this.generation = (this.generation ?? 0) + 1;
    return Promise.resolve();
  }
}

describe('ChangeFeedCache', () => {
  let feed: ManualFeed;
  let cache: ChangeFeedCache<string, { value: number }>;
  let reads: number;
  let stored: number;
  const load = () => {
    reads++;
    return Promise.resolve({ value: stored });
  };

  beforeEach(() => {
    feed = new ManualFeed();
    cache = new ChangeFeedCache(feed, 10);
    reads = 0;
    stored = 1;
  });

  it('reads once and serves the remembered row until the feed reports a change', async () => {
    expect(await cache.getOrLoad('a', load)).toEqual({ value: 1 });
    expect(await cache.getOrLoad('a', load)).toEqual({ value: 1 });
    expect(reads).toBe(1);
    stored = 2;
    await feed.changed();
    expect(await cache.getOrLoad('a', load)).toEqual({ value: 2 });
    expect(reads).toBe(2);
  });

  it('does not keep a row whose read overlapped a change', async () => {
    await cache.getOrLoad('a', async () => {
      await feed.changed(); // committed elsewhere while our read was on its way
      return { value: 1 };
    });
    stored = 2;
    expect(await cache.getOrLoad('a', load)).toEqual({ value: 2 });
    expect(reads).toBe(1);
  });

  it('remembers nothing while the feed cannot vouch for freshness', async () => {
    feed.generation = null;
    await cache.getOrLoad('a', load);
    await cache.getOrLoad('a', load);
    expect(reads).toBe(2);
  });

  it('does not remember absent rows', async () => {
    let misses = 0;
    const absent = () => {
      misses++;
      return Promise.resolve(null);
    };
    expect(await cache.getOrLoad('missing', absent)).toBeNull();
    expect(await cache.getOrLoad('missing', absent)).toBeNull();
    expect(misses).toBe(2);
  });
});
