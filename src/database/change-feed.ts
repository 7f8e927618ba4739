import { Logger, OnModuleDestroy } from '@nestjs/common';
import type { Database, Statement } from 'better-sqlite3';
import type Redis from 'ioredis';
import type { RedisConnections } from '../redis/redis-connections';
import { randomUUID } from 'node:crypto';

const ECHO_TIMEOUT_MS = 1_000;

/**
 * Tells in-process caches of API keys, accounts and templates whether what they hold may be stale.
 * Take `stamp()` before reading the database; an entry read under stamp `s` may be served while
 * `isCurrent(s)`. Call `changed()` after committing a write to those tables, in whatever process.
 */
export abstract class ChangeFeed {
  /** null: nothing may be cached right now (read the database). */
  abstract stamp(): number | null;

  abstract changed(): Promise<void>;

  isCurrent(stamp: number): boolean {
    return this.stamp() === stamp;
  }

  /** A request has arrived: what it reads must see every commit made before it (a feed that reuses a reading reads again). */
  requestArrived(): void {}
}

/**
 * Embedded SQLite: every process using the file (other instances, the CLI) is on this host, and
 * `PRAGMA data_version` changes whenever another connection has committed. Reading it is a
 * synchronous call of ~2–3 µs (a shared lock on the WAL index), so another process's revocation
 * holds from this process's next request on. Our own writes do not change it; `changed()` covers them.
 *
 * A request looks it up several times (its key, account, template, fonts): it is read once after each
 * request's arrival and reused until the next arrival or the end of this turn of the event loop, so a
 * reading never predates the arrival of a request that uses it, and work outside requests (job rows)
 * sees one at most a turn old.
 */
export class SqliteChangeFeed extends ChangeFeed {
  private readonly dataVersion: Statement<[], number>;
  private seenVersion: number;
  private generation = 0;
  private checked = false;
  private forgetScheduled = false;
  private readonly forget = () => {
    this.forgetScheduled = false;
    this.checked = false;
  };

  constructor(database: Database) {
    super();
    this.dataVersion = database.prepare<[], number>('PRAGMA data_version').pluck();
    this.seenVersion = this.dataVersion.get()!;
  }

  stamp(): number {
    if (this.checked) return this.generation;
    const version = this.dataVersion.get()!;
    if (version !== this.seenVersion) {
      this.seenVersion = version;
      this.generation++;
    }
    this.checked = true;
    if (!this.forgetScheduled) {
      this.forgetScheduled = true;
      setImmediate(this.forget);
    }
    return this.generation;
  }

  override requestArrived(): void {
    this.checked = false;
  }

  changed(): Promise<void> {
    this.generation++;
    return Promise.resolve();
  }
}

/**
 * Shared MySQL: instances hear each other's writes over Redis pub/sub. Caching is off whenever the
 * subscription is not established (start-up, a lost connection), and every reconnection starts a
 * new generation, since messages published meanwhile are gone. `changed()` returns once this
 * instance has heard its own announcement: Redis has then written it to every subscriber, so the
 * writer's answer (a revoke, a PATCH) cannot reach its client before the others were told.
 */
export class RedisChangeFeed extends ChangeFeed implements OnModuleDestroy {
  private readonly logger = new Logger(RedisChangeFeed.name);
  private generation = 0;
  private listening = false;
  private readonly awaitingEcho = new Map<string, () => void>();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
  ) {
    super();
    subscriber.on('message', (channel: string, token: string) => {
      if (channel !== this.channel) return;
      this.generation++;
      this.awaitingEcho.get(token)?.();
    });
    // Connection errors only switch caching off (here) and fail announcements (logged in changed());
    // Redis's state is reported by /health/ready. The connections belong to RedisModule.
    subscriber.on('close', () => (this.listening = false));
    subscriber.on('ready', () => this.listen());
    if (subscriber.status === 'ready') this.listen();
  }

  stamp(): number | null {
    return this.listening ? this.generation : null;
  }

  async changed(): Promise<void> {
    this.generation++;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const echo = new Promise<void>((resolve) => {
      this.awaitingEcho.set(token, resolve);
      timer = setTimeout(resolve, ECHO_TIMEOUT_MS);
    });
    try {
      await this.publisher.publish(this.channel, token);
      if (this.listening) await echo;
    } catch (error) {
      // The write has committed; the others' subscriptions are likely down too (caching off there).
      this.logger.warn(`Could not announce a change to other instances: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      this.awaitingEcho.delete(token);
    }
  }

  /** Every announcement has been awaited by its writer, so nothing is pending; RedisModule closes the connections. */
  onModuleDestroy(): void {
    this.listening = false;
  }

  private listen(): void {
    this.subscriber.subscribe(this.channel).then(
      () => {
        this.generation++;
        this.listening = true;
      },
      (error: Error) => this.logger.warn(`Could not subscribe to changes: ${error.message}`),
    );
  }
}

/** Shared MySQL without Redis: no way to hear other instances, so nothing is cached. */
export class NoChangeFeed extends ChangeFeed {
  stamp(): null {
    return null;
  }

  async changed(): Promise<void> {}
}

export function createRedisChangeFeed(redis: RedisConnections): RedisChangeFeed {
  return new RedisChangeFeed(redis.client!, redis.subscriber!, redis.key('changes'));
}
