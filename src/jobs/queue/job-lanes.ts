import type { RedisOptions } from 'ioredis';

/** The BullMQ queue every instance and worker process shares. */
export const JOB_QUEUE = 'job-rows';

/**
 * A lane is one BullMQ job that draws an account's rows one after another: an account has
 * JOB_CONCURRENCY_PER_ACCOUNT lanes, so at most that many of its rows run at once across every process,
 * and BullMQ's lock on a lane says which process holds it (a dead holder's lane goes back to waiting).
 */
export interface LaneData {
  accountId: string;
  lane: number;
}

/** Deterministic: adding a lane that is already waiting, delayed or running adds nothing. */
export function laneJobId({ accountId, lane }: LaneData): string {
  return `lane-${accountId}-${lane}`;
}

/** Row claims made by a lane start with this, so the lane's next holder can take them over at once. */
export function laneTokenPrefix(lane: number): string {
  return `L${lane}-`;
}

/** Connection options from a redis:// or rediss:// URL (BullMQ creates and owns its connections). */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.replace(/^\//, '');
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db ? { db: Number(db) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
