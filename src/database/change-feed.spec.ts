import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { RedisConnections } from '../redis/redis-connections';
import { createRedisChangeFeed, SqliteChangeFeed } from './change-feed';

describe('SqliteChangeFeed', () => {
  let directory: string;
  let ours: Database.Database;
  let theirs: Database.Database;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'change-feed-'));
    ours = new Database(join(directory, 'db.sqlite'));
    ours.pragma('journal_mode = WAL');
    ours.exec('CREATE TABLE api_keys (id TEXT PRIMARY KEY, revoked INTEGER)');
    theirs = new Database(join(directory, 'db.sqlite'));
  });

  afterEach(() => {
    ours.close();
    theirs.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('keeps its stamp across reads and its own connection’s writes, and moves on changed()', async () => {
    const feed = new SqliteChangeFeed(ours);
    const stamp = feed.stamp();
    ours.prepare('INSERT INTO api_keys VALUES (?, 0)').run('key_1');
    ours.prepare('SELECT * FROM api_keys').all();
    expect(feed.isCurrent(stamp)).toBe(true);
    await feed.changed();
    expect(feed.isCurrent(stamp)).toBe(false);
  });

  it('moves on at the next request after another connection (another process, the CLI) commits', () => {
    const feed = new SqliteChangeFeed(ours);
    const stamp = feed.stamp();
    theirs.prepare('INSERT INTO api_keys VALUES (?, 1)').run('key_2');
    feed.requestArrived();
    expect(feed.isCurrent(stamp)).toBe(false);
    const next = feed.stamp();
    expect(feed.isCurrent(next)).toBe(true);
  });

  it('reads the version once per request within a turn of the event loop, and again in the next turn', async () => {
    const feed = new SqliteChangeFeed(ours);
    const stamp = feed.stamp();
    theirs.prepare('INSERT INTO api_keys VALUES (?, 1)').run('key_3');
    // The same request (no arrival since), the same turn: the reading it took still serves.
    expect(feed.isCurrent(stamp)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(feed.isCurrent(stamp)).toBe(false);
  });
});

describe('RedisChangeFeed', () => {
  it('remembers nothing while its subscription is not established, and a failed announcement does not fail the write', async () => {
    const redis = new RedisConnections({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'pictor-unreachable:' } as AppConfig);
    const feed = createRedisChangeFeed(redis);
    try {
      expect(feed.stamp()).toBeNull();
      await expect(feed.changed()).resolves.toBeUndefined();
      expect(feed.stamp()).toBeNull();
    } finally {
      feed.onModuleDestroy();
      redis.onApplicationShutdown();
    }
  }, 15_000);
});
