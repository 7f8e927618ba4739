import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { LRUCache } from 'lru-cache';
import { Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { IMAGE_SERVED_EVENT } from '../../storage/images.service';
import type { RenderCacheEntry } from '../entities/render-cache-entry.entity';
import { RenderCacheService } from '../render-cache.service';

/** Last access is written at most this often per image (and at most every quarter of the retention). */
const RECORD_INTERVAL_MS = 3_600_000;
/** Queued accesses are written in one statement per 500 images at least this often. */
const FLUSH_INTERVAL_MS = 60_000;

/**
 * Last-access tracking for retention (§19) without a database write per cached answer: an access
 * is queued in memory when the image's last recorded access is older than the record interval, and
 * queued accesses are written in bulk. Only an entry old enough that a sweep may be deleting it
 * (last access over half the retention ago) is confirmed in the database before answering from it,
 * so no answer points at an image a sweep has just deleted.
 */
@Injectable()
export class ImageAccessTracker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImageAccessTracker.name);
  private readonly retentionMs: number | null;
  private readonly recordIntervalMs: number;
  private readonly flushIntervalMs: number;
  /** Image key → last access this instance has written or queued (ms); made on first use (100,000 slots take ~15 ms to lay out). */
  private recordedAccesses?: LRUCache<string, number>;
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    config: AppConfig,
    private readonly cache: RenderCacheService,
    private readonly clock: Clock,
  ) {
    this.retentionMs = config.imageRetentionMs;
    this.recordIntervalMs = Math.min(RECORD_INTERVAL_MS, (this.retentionMs ?? Infinity) / 4);
    this.flushIntervalMs = Math.min(FLUSH_INTERVAL_MS, (this.retentionMs ?? Infinity) / 4);
  }

  private get recorded(): LRUCache<string, number> {
    return (this.recordedAccesses ??= new LRUCache<string, number>({ max: 100_000 }));
  }

  onApplicationBootstrap(): void {
    if (this.retentionMs === null) return;
    this.timer = setInterval(
      () => void this.flush().catch((error: Error) => this.logger.warn(`Could not record image accesses: ${error.message}`)),
      this.flushIntervalMs,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch(() => undefined);
  }

  /** Before answering from a cache entry: records the access; false when the entry was deleted meanwhile (then it is a miss). */
  async keepAlive(entry: RenderCacheEntry): Promise<boolean> {
    if (this.retentionMs === null) return true;
    const now = this.clock.nowMs();
    const known = Math.max(entry.lastAccessedAt.getTime(), this.recorded.get(entry.key) ?? 0);
    if (now - known >= this.retentionMs / 2) {
      const exists = await this.cache.touch(entry.key, new Date(now));
      if (exists) this.recorded.set(entry.key, now);
      return exists;
    }
    if (now - known >= this.recordIntervalMs) this.queue(entry.key, now);
    return true;
  }

  /** An image served through its imageUrl. */
  @OnEvent(IMAGE_SERVED_EVENT)
  noteServed(key: string): void {
    if (this.retentionMs === null) return;
    const now = this.clock.nowMs();
    if (now - (this.recorded.get(key) ?? 0) >= this.recordIntervalMs) this.queue(key, now);
  }

  /** Writes queued accesses (before every sweep, on a timer and at shutdown). */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const keys = [...this.pending];
    this.pending = new Set();
    await this.cache.touchMany(keys, this.clock.now());
  }

  private queue(key: string, now: number): void {
    this.pending.add(key);
    this.recorded.set(key, now);
  }
}
