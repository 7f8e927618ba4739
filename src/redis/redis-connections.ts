import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { AppConfig } from '../config/app-config';

/**
 * A Redis that is down or silent must fail a request within seconds (§20: 503 `dependency_unavailable`),
 * never hold it: every command answers or fails within 2 s (a connection that accepts
 * and never replies included), a command queued while disconnected fails after one reconnection
 * attempt, and reconnection keeps trying at most every second, so the service recovers by itself.
 */
const REDIS_COMMAND_TIMEOUT_MS = 2_000;
const BOUNDED_WAITS: RedisOptions = {
  maxRetriesPerRequest: 1,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
  retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
};

/**
 * The process's Redis connections, when `REDIS_URL` is set: one for commands (shared by rate limits,
 * locks, announcements and throttling) and one in subscriber mode (a subscribed connection can run
 * no other command). Closed after every module has finished its own shutdown work.
 */
@Injectable()
export class RedisConnections implements OnApplicationShutdown {
  /** Null when Redis is not configured (one instance). */
  readonly client: Redis | null;
  readonly subscriber: Redis | null;
  readonly prefix: string;

  constructor(config: AppConfig) {
    this.prefix = config.redisPrefix;
    if (!config.redisUrl) {
      this.client = null;
      this.subscriber = null;
      return;
    }
    // Loaded only when configured: a deployment without Redis does not pay for it at start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { default: Redis } = require('ioredis') as typeof import('ioredis');
    this.client = new Redis(config.redisUrl, BOUNDED_WAITS);
    // Subscribers re-subscribe themselves on 'ready' (they must know messages were missed meanwhile).
    this.subscriber = new Redis(config.redisUrl, { ...BOUNDED_WAITS, autoResubscribe: false });
    // Connection errors surface as failed commands and in /health/ready, not as unhandled events.
    this.client.on('error', () => undefined);
    this.subscriber.on('error', () => undefined);
  }

  /** The Redis key for `name` in this deployment's key space. */
  key(name: string): string {
    return `${this.prefix}${name}`;
  }

  /** Readiness: both connections answer. */
  async ping(): Promise<void> {
    if (!this.client || !this.subscriber) return;
    // A subscribed connection accepts PING (answers ['pong', '']).
    await Promise.all([this.client.ping(), this.subscriber.ping()]);
  }

  /** Nothing may still be waiting on Redis here; a Redis that is down must not hold up shutdown. */
  onApplicationShutdown(): void {
    this.client?.disconnect();
    this.subscriber?.disconnect();
  }
}
