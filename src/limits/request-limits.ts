import { Inject, Injectable } from '@nestjs/common';
import { getOptionsToken, getStorageToken, type ThrottlerModuleOptions, type ThrottlerOptions, type ThrottlerStorage } from '@nestjs/throttler';
import { RedisConnections } from '../redis/redis-connections';
import { LimitExceededException } from './limit-exceeded.exception';

/**
 * The limits that count each accepted request of an endpoint (previews today), on @nestjs/throttler: its named
 * throttlers (LimitsModule) say the limit and window, its storage counts (Redis across instances when REDIS_URL is
 * set). Called by the service once the request is valid — the throttler's guard would run before validation and
 * count malformed requests too, which a refused request must not (it changes nothing).
 */
@Injectable()
export class RequestLimits {
  constructor(
    @Inject(getStorageToken()) private readonly storage: ThrottlerStorage,
    @Inject(getOptionsToken()) private readonly options: ThrottlerModuleOptions,
    private readonly redis: RedisConnections,
  ) {}

  /** Counts one request of `tracker` (an account id, an address) against throttler `name`; over it, the one 429. */
  async consume(name: string, tracker: string): Promise<void> {
    const throttlers: ThrottlerOptions[] = Array.isArray(this.options) ? this.options : this.options.throttlers;
    const throttler = throttlers.find((candidate) => candidate.name === name);
    if (!throttler || typeof throttler.limit !== 'number' || typeof throttler.ttl !== 'number') throw new Error(`No throttler named ${name}`);
    const { limit, ttl } = throttler;
    const record = await this.storage.increment(`${this.redis.prefix}throttle:${name}:${tracker}`, ttl, limit, ttl, name);
    if (!record.isBlocked) return;
    const retryAfter = Math.max(1, record.timeToBlockExpire);
    throw new LimitExceededException('rate_limited', `Limit of ${limit} per ${Math.round(ttl / 1000)} s exceeded; retry in ${retryAfter} s`, {
      limit,
      retryAfter,
    });
  }
}
