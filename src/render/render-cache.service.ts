import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { rawTimestamp } from '../database/columns';
import { insertIgnore, sqlTimestamp } from '../database/sql';
import type { RenderWarning } from './dto/render-response';
import { RenderCacheEntry } from './entities/render-cache-entry.entity';

interface CacheRow {
  cache_key: string;
  account_id: string;
  template_id: string;
  template_version: number | string;
  format: string;
  byte_size: number | string;
  warnings: string;
  created_at: Date | string;
}

/**
 * Index of drawn images. Entries never change once written (the key is a hash of the inputs),
 * so an in-process LRU in front of the database needs no invalidation across instances.
 * Both statements are plain SQL: they run on every cache miss.
 */
@Injectable()
export class RenderCacheService {
  private readonly memory = new LRUCache<string, RenderCacheEntry>({ max: 20_000 });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(key: string): Promise<RenderCacheEntry | null> {
    const remembered = this.memory.get(key);
    if (remembered) return remembered;
    const rows: CacheRow[] = await this.dataSource.query('SELECT * FROM render_cache WHERE cache_key = ?', [key]);
    if (rows.length === 0) return null;
    const entry = toEntry(rows[0]);
    this.memory.set(key, entry);
    return entry;
  }

  /** The entry's image is gone from storage: the next request for it is a miss (drawn and counted again). */
  async forget(key: string): Promise<void> {
    this.memory.delete(key);
    await this.dataSource.query('DELETE FROM render_cache WHERE cache_key = ?', [key]);
  }

  /** Idempotent: another instance may have drawn and recorded the same image first. */
  async record(entry: RenderCacheEntry): Promise<void> {
    await this.dataSource.query(
      `${insertIgnore(this.dataSource)} INTO render_cache (cache_key, account_id, template_id, template_version, format, byte_size, warnings, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [entry.key, entry.accountId, entry.templateId, entry.templateVersion, entry.format, entry.byteSize, JSON.stringify(entry.warnings), sqlTimestamp(entry.createdAt)],
    );
    this.memory.set(entry.key, entry);
  }
}

function toEntry(row: CacheRow): RenderCacheEntry {
  return Object.assign(new RenderCacheEntry(), {
    key: row.cache_key,
    accountId: row.account_id,
    templateId: row.template_id,
    templateVersion: Number(row.template_version),
    format: row.format,
    byteSize: Number(row.byte_size),
    warnings: JSON.parse(row.warnings) as RenderWarning[],
    createdAt: rawTimestamp(row.created_at)!,
  });
}
