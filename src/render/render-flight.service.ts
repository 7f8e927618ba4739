import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { settle, unwrap, type SettledPromise } from '../common/async/settle';
import { RedisConnections } from '../redis/redis-connections';
import type { RenderWarning } from '../design/render-warning';

/** What a drawing leaves for requests that joined it instead of drawing. */
export interface FlightResult {
  warnings: RenderWarning[];
  /** True when the result is also in the render cache, so any later request may reuse it (else only requests that waited for it). */
  reusable?: boolean;
}

export interface Flight<T extends FlightResult> {
  result: T | FlightResult;
  /** True for the one request that drew (and was counted). */
  drew: boolean;
}

/** Lock lifetime; the holder renews it every third of this while drawing, so only a dead holder lets it lapse. */
export const RENDER_LOCK_TTL_MS = 10_000;
/** Joined requests learn the holder's result from this key for this long after it released the lock. */
const RESULT_TTL_MS = 10_000;
const POLL_INTERVAL_MS = 25;
/** A waiter past this draws itself: a holder that is alive but stuck must not hold requests forever. */
const MAX_WAIT_MS = 60_000;

// Result published by a holder that already finished, else the lock if free: one round trip. A result
// that is not in the cache (an image layer was unavailable) is only for requests that waited on it.
const ACQUIRE = `
local result = redis.call('GET', KEYS[2])
if result and (ARGV[3] == '1' or string.sub(result, 1, 1) == 'R') then return {0, string.sub(result, 2)} end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {1, false} end
return {0, false}
`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
// Publish the result (or withdraw an earlier one: a failed drawing, an image retention deleted)
// and release in one step, the lock only if it is still ours.
const RELEASE = `
if ARGV[2] ~= '' then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3]) else redis.call('DEL', KEYS[2]) end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

/**
 * Identical concurrent renders are drawn once (contract §6, §19). On one instance they share one
 * promise. With Redis, instances also agree through a lock per render key (SET NX PX with a token,
 * renewed while drawing): the holder draws and bills, publishes its warnings and releases; the others
 * poll until the holder's result appears (answering without drawing) or the lock is gone without a
 * result (the holder failed or died: its lock lapsed), and then one of them takes over.
 */
@Injectable()
export class RenderFlightService {
  private readonly logger = new Logger(RenderFlightService.name);
  private readonly local = new Map<string, SettledPromise<Flight<FlightResult>>>();
  /** Keys whose image retention is deleting right now: a drawing of one waits until it is gone. */
  private readonly deleting = new Map<string, Promise<void>>();

  constructor(private readonly redis: RedisConnections) {}

  /** `draw` runs at most once across instances for concurrent calls with the same key. */
  async run<T extends FlightResult>(key: string, draw: () => Promise<T>): Promise<Flight<T>> {
    await this.deleting.get(key);
    const pending = this.local.get(key);
    if (pending) return { result: (await unwrap(pending)).result, drew: false };
    const flight = this.redis.client ? this.runShared(key, draw) : draw().then((result) => ({ result, drew: true }));
    const settled = settle(flight);
    this.local.set(key, settled);
    try {
      return await unwrap(settled);
    } finally {
      this.local.delete(key);
    }
  }

  /** Withdraws a published result whose image turned out to be gone, so the next request draws instead of reusing it. */
  async forget(key: string): Promise<void> {
    await this.redis.client?.del(this.redis.key(`render-result:${key}`)).catch(() => undefined);
  }

  /**
   * Runs `work` on the keys that nobody is drawing, holding their locks so that no drawing of them
   * starts meanwhile (retention deletes an entry and then its image; a drawing in between would have
   * its fresh image deleted). Keys being drawn are left out; the sweep gets them next time.
   */
  async holdMany(keys: string[], work: (held: string[]) => Promise<void>): Promise<void> {
    const free = keys.filter((key) => !this.local.has(key) && !this.deleting.has(key));
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    // eslint-disable-next-line pictor/no-stored-rejectable-promise -- resolve-only: `done` has no way to reject
    for (const key of free) this.deleting.set(key, done);
    const redis = this.redis.client;
    const token = randomBytes(12).toString('hex');
    let held = free;
    try {
      if (redis && free.length > 0) {
        const pipeline = redis.pipeline();
        for (const key of free) pipeline.set(this.redis.key(`render-lock:${key}`), token, 'PX', RENDER_LOCK_TTL_MS, 'NX');
        const answers = (await pipeline.exec()) ?? [];
        held = free.filter((_, index) => !answers[index]?.[0] && answers[index]?.[1] === 'OK');
      }
      await work(held);
    } finally {
      if (redis && held.length > 0) {
        const pipeline = redis.pipeline();
        for (const key of held)
          pipeline.eval(RELEASE, 2, this.redis.key(`render-lock:${key}`), this.redis.key(`render-result:${key}`), token, '', RESULT_TTL_MS);
        await pipeline.exec().catch(() => undefined);
      }
      for (const key of free) this.deleting.delete(key);
      release();
    }
  }

  private async runShared<T extends FlightResult>(key: string, draw: () => Promise<T>): Promise<Flight<T>> {
    const redis = this.redis.client!;
    const lockKey = this.redis.key(`render-lock:${key}`);
    const resultKey = this.redis.key(`render-result:${key}`);
    const token = randomBytes(12).toString('hex');
    const giveUpAt = Date.now() + MAX_WAIT_MS;
    let waited = false;
    for (;;) {
      let acquired: number;
      let published: string | null;
      try {
        [acquired, published] = (await redis.eval(ACQUIRE, 2, lockKey, resultKey, token, RENDER_LOCK_TTL_MS, waited ? '1' : '0')) as [number, string | null];
      } catch (error) {
        // Redis down: this instance still draws once per key (the local map); other instances may draw too.
        this.logger.warn(`Render lock unavailable, drawing without it: ${(error as Error).message}`);
        return { result: await draw(), drew: true };
      }
      if (published) return { result: JSON.parse(published) as FlightResult, drew: false };
      if (acquired === 1) return this.drawHolding(lockKey, resultKey, token, draw);
      if (Date.now() > giveUpAt) {
        this.logger.warn(`Waited ${MAX_WAIT_MS} ms for another instance's render; drawing it here`);
        return { result: await draw(), drew: true };
      }
      await this.waitWhileLocked(lockKey, resultKey, giveUpAt);
      waited = true;
    }
  }

  private async drawHolding<T extends FlightResult>(lockKey: string, resultKey: string, token: string, draw: () => Promise<T>): Promise<Flight<T>> {
    const redis = this.redis.client!;
    const renewal = setInterval(() => {
      redis.eval(RENEW, 1, lockKey, token, RENDER_LOCK_TTL_MS).catch(() => undefined);
    }, RENDER_LOCK_TTL_MS / 3);
    let published = '';
    try {
      const result = await draw();
      published = (result.reusable ? 'R' : 'W') + JSON.stringify({ warnings: result.warnings });
      return { result, drew: true };
    } finally {
      clearInterval(renewal);
      // A failed drawing publishes nothing: the waiters see the lock go and one of them draws.
      await redis.eval(RELEASE, 2, lockKey, resultKey, token, published, RESULT_TTL_MS).catch((error: Error) => {
        this.logger.warn(`Could not release a render lock (it lapses by itself): ${error.message}`);
      });
    }
  }

  /** Returns once the lock is free or a result is published (the caller's next ACQUIRE tells which). */
  private async waitWhileLocked(lockKey: string, resultKey: string, giveUpAt: number): Promise<void> {
    const redis = this.redis.client!;
    while (Date.now() <= giveUpAt) {
      await sleep(POLL_INTERVAL_MS);
      const answers = await redis
        .pipeline()
        .exists(lockKey)
        .exists(resultKey)
        .exec()
        .catch(() => null);
      // Redis trouble: let the next ACQUIRE decide (it falls back to drawing here).
      if (!answers || answers.some(([error]) => error)) return;
      const [[, locked], [, result]] = answers as Array<[Error | null, number]>;
      if (locked === 0 || result === 1) return;
    }
  }
}
