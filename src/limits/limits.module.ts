import { Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { RedisConnections } from '../redis/redis-connections';
import { MemoryRateLimitStore } from './memory-rate-limit.store';
import { RateLimitStore } from './rate-limit-store';
import { RequestLimits } from './request-limits';

// The Redis-backed stores are loaded only with REDIS_URL: a single instance does not pay for them at start-up.
/* eslint-disable @typescript-eslint/no-require-imports */
const redisThrottlerStorage = (client: Redis) =>
  new (require('@nest-lab/throttler-storage-redis') as typeof import('@nest-lab/throttler-storage-redis')).ThrottlerStorageRedisService(client);
const redisRateLimitStore = (client: Redis, prefix: string) =>
  new (require('./redis-rate-limit.store') as typeof import('./redis-rate-limit.store')).RedisRateLimitStore(client, prefix);
/* eslint-enable @typescript-eslint/no-require-imports */

/** The one window of every limit here: a minute. */
const MINUTE_MS = 60_000;

/**
 * Every request limit, in one place. Two mechanisms, each where it fits:
 * - @nestjs/throttler (RequestLimits) for limits that count every accepted request of an endpoint: previews
 *   (PREVIEW_PER_MINUTE per account). Its counters live in Redis across instances when REDIS_URL is set.
 * - RateLimitStore (a sliding log: Redis Lua, or memory) for limits that must follow a decision the request makes
 *   first and can be given back: the plan's minute and anonymous public renders count fresh renders only (a cache
 *   hit counts nothing), and a render that fails returns its slot.
 * Both refuse with the one 429 (LimitExceededException).
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, RedisConnections],
      useFactory: (config: AppConfig, redis: RedisConnections) => ({
        throttlers: [{ name: 'preview', ttl: MINUTE_MS, limit: config.previewPerMinute }],
        ...(redis.client ? { storage: redisThrottlerStorage(redis.client) } : {}),
      }),
    }),
  ],
  providers: [
    RequestLimits,
    {
      // Redis when configured (limits shared by every instance), else this process's memory.
      provide: RateLimitStore,
      inject: [RedisConnections],
      useFactory: (redis: RedisConnections) => (redis.client ? redisRateLimitStore(redis.client, redis.prefix) : new MemoryRateLimitStore()),
    },
  ],
  exports: [RateLimitStore, RequestLimits],
})
export class LimitsModule {}
