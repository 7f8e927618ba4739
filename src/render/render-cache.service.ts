import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { SqlStatement } from '../database/sql';
import { RenderCacheEntry } from './entities/render-cache-entry.entity';
import { RenderCacheRepository } from './render-cache.repository';

/**
 * The render cache as the render path sees it: RenderCacheRepository's rows with an in-process LRU in
 * front. An entry's contents never change once written (the key is a hash of the inputs), so the
 * memory needs no invalidation across instances; only its last access moves, and retention deletes
 * it (ImageAccessTracker confirms an old entry still exists before answering from it).
 */
@Injectable()
export class RenderCacheService {
  private readonly memory = new LRUCache<string, RenderCacheEntry>({ max: 20_000 });

  constructor(private readonly rows: RenderCacheRepository) {}

  async find(key: string): Promise<RenderCacheEntry | null> {
    const remembered = this.memory.get(key);
    if (remembered) return remembered;
    const entry = await this.rows.find(key);
    if (entry) this.memory.set(key, entry);
    return entry;
  }

  /** The entry's image is gone from storage: the next request for it is a miss (drawn and counted again). */
  async forget(key: string): Promise<void> {
    this.memory.delete(key);
    await this.rows.delete(key);
  }

  /** The INSERT that records a drawn image, committed with the render's unit; `remember` the entry once committed. */
  recordStatement(entry: Omit<RenderCacheEntry, 'lastAccessedAt'>): SqlStatement {
    return this.rows.recordStatement(entry);
  }

  /** Keeps a committed entry in memory, so the next request for it needs no query. */
  remember(entry: Omit<RenderCacheEntry, 'lastAccessedAt'>): void {
    this.memory.set(entry.key, Object.assign(new RenderCacheEntry(), { ...entry, lastAccessedAt: entry.createdAt }));
  }

  /** Records an access to one entry now; false when the entry no longer exists (retention deleted it). */
  async touch(key: string, at: Date): Promise<boolean> {
    const exists = await this.rows.touch(key, at);
    const remembered = this.memory.get(key);
    if (!exists) this.memory.delete(key);
    else if (remembered) remembered.lastAccessedAt = at;
    return exists;
  }

  /** Records accesses in bulk (batched last-access tracking). */
  async touchMany(keys: string[], at: Date): Promise<void> {
    await this.rows.touchMany(keys, at);
    for (const key of keys) {
      const remembered = this.memory.get(key);
      if (remembered && remembered.lastAccessedAt < at) remembered.lastAccessedAt = at;
    }
  }

  /** Entries not accessed since `cutoff`, oldest first. */
  findExpired(cutoff: Date, limit: number): Promise<Array<{ key: string; format: string }>> {
    return this.rows.findExpired(cutoff, limit);
  }

  /** Deletes the entries among `keys` that are still expired (an access since the select keeps one). Returns those deleted. */
  async deleteExpired(keys: string[], cutoff: Date): Promise<string[]> {
    const deleted = await this.rows.deleteExpired(keys, cutoff);
    for (const key of deleted) this.memory.delete(key);
    return deleted;
  }
}
