import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rawTimestamp } from '../database/columns';
import { execute, insertIgnore, SqlStatement, sqlTimestamp } from '../database/sql';
import type { RenderWarning } from '../design/render-warning';
import { RenderCacheEntry } from './entities/render-cache-entry.entity';

/** Keys per statement in bulk updates and deletes (well under both drivers' placeholder limits). */
const BATCH_SIZE = 500;

interface CacheRow {
  cache_key: string;
  account_id: string;
  template_id: string;
  template_version: number | string;
  format: string;
  byte_size: number | string;
  warnings: string;
  created_at: Date | string;
  last_accessed_at: Date | string | null;
}

/**
 * Owning repository of `render_cache`, the index of drawn images: every statement on the table is
 * here (the in-process memory in front of it is RenderCacheService's). Plain SQL: these run on every
 * cache miss. No write is announced on the change feed: an entry's contents never change once
 * written (the key is a hash of the inputs), and a deleted entry is confirmed before it is served.
 */
@Injectable()
export class RenderCacheRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(key: string): Promise<RenderCacheEntry | null> {
    const rows: CacheRow[] = await this.dataSource.query('SELECT * FROM render_cache WHERE cache_key = ?', [key]);
    return rows.length > 0 ? toEntry(rows[0]) : null;
  }

  async delete(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM render_cache WHERE cache_key = ?', [key]);
  }

  /**
   * The INSERT that records a drawn image, for the caller to commit together with the render's unit
   * (BillingService's admission). Idempotent: another instance may have drawn and recorded the same
   * image first.
   */
  recordStatement(entry: Omit<RenderCacheEntry, 'lastAccessedAt'>): SqlStatement {
    return [
      `${insertIgnore(this.dataSource)} INTO render_cache (cache_key, account_id, template_id, template_version, format, byte_size, warnings, created_at, last_accessed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        entry.key,
        entry.accountId,
        entry.templateId,
        entry.templateVersion,
        entry.format,
        entry.byteSize,
        JSON.stringify(entry.warnings),
        sqlTimestamp(entry.createdAt),
        sqlTimestamp(entry.createdAt),
      ],
    ];
  }

  /** Records an access to one entry; false when the entry no longer exists (retention deleted it). */
  async touch(key: string, at: Date): Promise<boolean> {
    return (await execute(this.dataSource, 'UPDATE render_cache SET last_accessed_at = ? WHERE cache_key = ?', [sqlTimestamp(at), key])) > 0;
  }

  /** Records accesses in bulk (batched last-access tracking), one statement per 500 keys. */
  async touchMany(keys: string[], at: Date): Promise<void> {
    for (let start = 0; start < keys.length; start += BATCH_SIZE) {
      const chunk = keys.slice(start, start + BATCH_SIZE);
      await this.dataSource.query(`UPDATE render_cache SET last_accessed_at = ? WHERE cache_key IN (${chunk.map(() => '?').join(', ')})`, [
        sqlTimestamp(at),
        ...chunk,
      ]);
    }
  }

  /** Entries not accessed since `cutoff`, oldest first. */
  async findExpired(cutoff: Date, limit: number): Promise<Array<{ key: string; format: string }>> {
    const rows: Array<{ cache_key: string; format: string }> = await this.dataSource.query(
      'SELECT cache_key, format FROM render_cache WHERE last_accessed_at < ? ORDER BY last_accessed_at LIMIT ?',
      [sqlTimestamp(cutoff), limit],
    );
    return rows.map((row) => ({ key: row.cache_key, format: row.format }));
  }

  /** Deletes the entries among `keys` that are still expired (an access since the select keeps one), in one transaction. Returns those deleted. */
  async deleteExpired(keys: string[], cutoff: Date): Promise<string[]> {
    if (keys.length === 0) return [];
    const placeholders = keys.map(() => '?').join(', ');
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ cache_key: string }> = await manager.query(
        `SELECT cache_key FROM render_cache WHERE cache_key IN (${placeholders}) AND last_accessed_at < ?${manager.connection.options.type === 'mysql' ? ' FOR UPDATE' : ''}`,
        [...keys, sqlTimestamp(cutoff)],
      );
      const expired = rows.map((row) => row.cache_key);
      if (expired.length > 0) await manager.query(`DELETE FROM render_cache WHERE cache_key IN (${expired.map(() => '?').join(', ')})`, expired);
      return expired;
    });
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
    lastAccessedAt: rawTimestamp(row.last_accessed_at) ?? rawTimestamp(row.created_at)!,
  });
}
