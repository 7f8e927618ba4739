import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { Repository } from 'typeorm';
import { RenderCacheEntry } from './entities/render-cache-entry.entity';

/**
 * Index of drawn images. Entries never change once written (the key is a hash of the inputs),
 * so an in-process LRU in front of the database needs no invalidation across instances.
 */
@Injectable()
export class RenderCacheService {
  private readonly memory = new LRUCache<string, RenderCacheEntry>({ max: 20_000 });

  constructor(@InjectRepository(RenderCacheEntry) private readonly entries: Repository<RenderCacheEntry>) {}

  async find(key: string): Promise<RenderCacheEntry | null> {
    const remembered = this.memory.get(key);
    if (remembered) return remembered;
    const entry = await this.entries.findOneBy({ key });
    if (entry) this.memory.set(key, entry);
    return entry;
  }

  /** Idempotent: another instance may have drawn and recorded the same image first. */
  async record(entry: RenderCacheEntry): Promise<void> {
    await this.entries.createQueryBuilder().insert().into(RenderCacheEntry).values(entry).orIgnore().execute();
    this.memory.set(entry.key, entry);
  }
}
