/**
 * Cost of the cross-instance render lock per fresh render: RenderFlightService.run with an empty
 * drawing, on distinct keys (every call is a "fresh render": acquire, draw, publish and release),
 * with Redis and without (the in-process map only). Run:
 *   REDIS_URL=redis://127.0.0.1:6379 TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register bench/render-lock-overhead.ts
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import type { AppConfig } from '../src/config/app-config';
import { RedisConnections } from '../src/redis/redis-connections';
import { RenderFlightService } from '../src/render/render-flight.service';

const RUNS = 3_000;

async function measure(redisUrl: string | null): Promise<number> {
  const redis = new RedisConnections({ redisUrl, redisPrefix: `pictor-bench-${process.pid}:` } as AppConfig);
  const flights = new RenderFlightService(redis);
  const draw = async () => ({ warnings: [], reusable: true });
  for (let index = 0; index < 200; index++) await flights.run(`warm-${index}`, draw);
  const started = performance.now();
  for (let index = 0; index < RUNS; index++) await flights.run(`key-${index}`, draw);
  const perRender = ((performance.now() - started) / RUNS) * 1000;
  if (redis.client) {
    const leftovers = await redis.client.keys(redis.key('render-*'));
    if (leftovers.length > 0) await redis.client.del(...leftovers);
  }
  redis.onApplicationShutdown();
  return perRender;
}

async function main(): Promise<void> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const without = await measure(null);
  const withLock = await measure(redisUrl);
  console.log(JSON.stringify({ runs: RUNS, microsecondsPerFreshRender: { inProcessOnly: Math.round(without), withRedisLock: Math.round(withLock), overhead: Math.round(withLock - without) } }));
}

void main();
