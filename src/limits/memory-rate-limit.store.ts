import { Injectable } from '@nestjs/common';
import { RateLimitStore, SlotDecision } from './rate-limit-store';

interface Entry {
  id: string;
  atMs: number;
  released: boolean;
}

/**
 * One key's log, oldest first. Expired entries leave from the front and released ones are only
 * marked, so a call costs O(1) amortized however many requests the window holds (a copy of the
 * whole log per call made a high per-minute limit cost more per request than the render itself).
 */
class SlidingLog {
  /** When the newest entry leaves the window: past it, the whole log is empty. */
  lastExpiresAtMs = 0;
  private entries: Entry[] = [];
  private head = 0;
  private readonly byId = new Map<string, Entry>();
  count = 0;

  prune(cutoffMs: number): void {
    while (this.head < this.entries.length && (this.entries[this.head].atMs <= cutoffMs || this.entries[this.head].released)) {
      const entry = this.entries[this.head++];
      if (!entry.released) {
        this.count--;
        this.byId.delete(entry.id);
      }
    }
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  add(id: string, atMs: number, windowMs: number): void {
    this.lastExpiresAtMs = Math.max(this.lastExpiresAtMs, atMs + windowMs);
    const entry = { id, atMs, released: false };
    // Keep time order even if the clock stepped back: insert before any later entries.
    let at = this.entries.length;
    while (at > this.head && this.entries[at - 1].atMs > atMs) at--;
    this.entries.splice(at, 0, entry);
    this.byId.set(id, entry);
    this.count++;
  }

  release(id: string): void {
    const entry = this.byId.get(id);
    if (!entry || entry.released) return;
    this.byId.delete(id);
    entry.released = true;
    this.count--;
  }

  oldestAtMs(): number | null {
    for (let index = this.head; index < this.entries.length; index++) {
      if (!this.entries[index].released) return this.entries[index].atMs;
    }
    return null;
  }
}

/** How often idle keys are swept out (amortized over calls: no timer). */
export const IDLE_SWEEP_INTERVAL_MS = 30_000;

/**
 * One instance's sliding logs. JavaScript runs each call to completion, so check-and-add is atomic here.
 * Keys nobody uses again are swept out once their window has passed, so memory follows the keys active
 * in the last window, not every key ever seen (a login form fed unique emails grew it without bound).
 */
@Injectable()
export class MemoryRateLimitStore extends RateLimitStore {
  private readonly logs = new Map<string, SlidingLog>();
  private lastSweepMs = 0;

  /** Keys currently held (tests and diagnostics). */
  get size(): number {
    return this.logs.size;
  }

  acquire(key: string, entryId: string, limit: number, windowMs: number, nowMs: number): Promise<SlotDecision> {
    this.sweepIdle(nowMs);
    const log = this.pruned(key, windowMs, nowMs);
    const allowed = log.count < limit;
    if (allowed) {
      log.add(entryId, nowMs, windowMs);
      this.logs.set(key, log);
    }
    return Promise.resolve(this.decision(allowed, log, windowMs));
  }

  release(key: string, entryId: string): Promise<void> {
    this.logs.get(key)?.release(entryId);
    return Promise.resolve();
  }

  async ping(): Promise<void> {}

  peek(key: string, windowMs: number, nowMs: number) {
    const { count, oldestExpiresAtMs } = this.decision(true, this.pruned(key, windowMs, nowMs), windowMs);
    return Promise.resolve({ count, oldestExpiresAtMs });
  }

  private sweepIdle(nowMs: number): void {
    if (nowMs - this.lastSweepMs < IDLE_SWEEP_INTERVAL_MS) return;
    this.lastSweepMs = nowMs;
    for (const [key, log] of this.logs) if (log.lastExpiresAtMs <= nowMs) this.logs.delete(key);
  }

  private pruned(key: string, windowMs: number, nowMs: number): SlidingLog {
    const log = this.logs.get(key) ?? new SlidingLog();
    log.prune(nowMs - windowMs);
    if (log.count === 0) this.logs.delete(key);
    return log;
  }

  private decision(allowed: boolean, log: SlidingLog, windowMs: number): SlotDecision {
    const oldest = log.oldestAtMs();
    return { allowed, count: log.count, oldestExpiresAtMs: oldest === null ? null : oldest + windowMs };
  }
}
