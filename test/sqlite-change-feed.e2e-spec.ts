import type Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { ChangeFeed } from '../src/database/change-feed';
import { sqlTimestamp } from '../src/database/sql';
import { createAccount } from './support/factories';
import { startSecondInstance, startTestApp, TestApp } from './support/test-app';

/**
 * Embedded SQLite whatever database the suite runs on: an instance reads the file's commit counter once per
 * request, so it must read it again when a request arrives, even in the same turn of the event loop as an
 * earlier reading (another process's revocation holds from the next request on).
 */
describe('SQLite change feed: one reading per request', () => {
  let dataDir: string;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pictor-change-feed-'));
    first = await startTestApp({ shared: { dataDir, databaseUrl: `sqlite:${dataDir}/pictor.sqlite` } });
    second = await startSecondInstance(first);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a key another instance revoked at a request that arrives in the same turn as the instance's last reading", async () => {
    const owner = await createAccount(first, { plan: 'pro' });
    const fastify = second.app.getHttpAdapter().getInstance();
    const usage = { method: 'GET' as const, url: '/api/usage', headers: { authorization: `Bearer ${owner.apiKey}` } };
    // The key is remembered on the second instance.
    expect((await fastify.inject(usage)).statusCode).toBe(200);
    const firstConnection = (first.dataSource.driver as BetterSqlite3Driver).databaseConnection as Database.Database;

    // In one turn: the second instance reads the counter, the first revokes (its own connection), a request arrives.
    second.app.get(ChangeFeed).stamp();
    firstConnection.prepare('UPDATE api_keys SET revoked_at = ? WHERE account_id = ?').run(sqlTimestamp(new Date()), owner.account.id);
    const answer = await fastify.inject(usage);

    expect(answer.statusCode).toBe(401);
  });
});
