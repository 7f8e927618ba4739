import { Injectable } from '@nestjs/common';
import { RateLimitStore, SlotDecision } from './rate-limit-store';

interface Entry {
  id: string;
  atMs: number;
}

/** One instance's sliding logs. JavaScript runs each call to completion, so check-and-add is atomic here. */
@Injectable()
export class MemoryRateLimitStore extends RateLimitStore {
  private readonly logs = new Map<string, Entry[]>();

  async acquire(key: string, entryId: string, limit: number, windowMs: number, nowMs: number): Promise<SlotDecision> {
    const log = this.prune(key, windowMs, nowMs);
    const allowed = log.length < limit;
    if (allowed) {
      log.push({ id: entryId, atMs: nowMs });
      this.logs.set(key, log);
    }
    return { allowed, count: log.length, oldestExpiresAtMs: log.length ? log[0].atMs + windowMs : null };
  }

  async release(key: string, entryId: string): Promise<void> {
    const log = this.logs.get(key);
    if (log) this.logs.set(key, log.filter((entry) => entry.id !== entryId));
  }

  async ping(): Promise<void> {}

  async peek(key: string, windowMs: number, nowMs: number) {
    const log = this.prune(key, windowMs, nowMs);
    return { count: log.length, oldestExpiresAtMs: log.length ? log[0].atMs + windowMs : null };
  }

  private prune(key: string, windowMs: number, nowMs: number): Entry[] {
    const log = (this.logs.get(key) ?? []).filter((entry) => entry.atMs > nowMs - windowMs);
    if (log.length) this.logs.set(key, log);
    else this.logs.delete(key);
    return log;
  }
}
