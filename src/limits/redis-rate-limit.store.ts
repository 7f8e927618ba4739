import { Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimitStore, SlotDecision } from './rate-limit-store';

// One script per call: prune, count, add when under the limit — atomic on the Redis server, so
// instances sharing Redis cannot both take the last slot (a read-then-write store would let them).
const ACQUIRE = `
local key, now, window, limit, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, member)
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {allowed, count, oldest[2] or false}
`;

const PEEK = `
local key, now, window = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {redis.call('ZCARD', key), oldest[2] or false}
`;

@Injectable()
export class RedisRateLimitStore extends RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  async acquire(key: string, entryId: string, limit: number, windowMs: number, nowMs: number): Promise<SlotDecision> {
    const [allowed, count, oldest] = (await this.redis.eval(ACQUIRE, 1, this.redisKey(key), nowMs, windowMs, limit, entryId)) as [
      number,
      number,
      string | null,
    ];
    return { allowed: allowed === 1, count, oldestExpiresAtMs: oldest ? Number(oldest) + windowMs : null };
  }

  async release(key: string, entryId: string): Promise<void> {
    await this.redis.zrem(this.redisKey(key), entryId);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async peek(key: string, windowMs: number, nowMs: number) {
    const [count, oldest] = (await this.redis.eval(PEEK, 1, this.redisKey(key), nowMs, windowMs)) as [number, string | null];
    return { count, oldestExpiresAtMs: oldest ? Number(oldest) + windowMs : null };
  }

  private redisKey(key: string): string {
    return `${this.prefix}rate:${key}`;
  }
}
