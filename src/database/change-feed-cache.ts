import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed';

interface Stamped<V> {
  value: V;
  stamp: number;
}

/**
 * An LRU of database reads that is served only while the change feed says nothing has changed since
 * the read began. Absent rows are not remembered.
 */
export class ChangeFeedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, Stamped<V>>;

  constructor(
    private readonly feed: ChangeFeed,
    max: number,
  ) {
    this.entries = new LRUCache({ max });
  }

  async getOrLoad(key: K, load: () => Promise<V | null>): Promise<V | null> {
    const entry = this.entries.get(key);
    if (entry && this.feed.isCurrent(entry.stamp)) return entry.value;
    // Stamped before reading, so a change committed during the read discards what it returns.
    const stamp = this.feed.stamp();
    const value = await load();
    if (value !== null && stamp !== null) this.entries.set(key, { value, stamp });
    return value;
  }
}
