import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AccountsService } from '../src/accounts/accounts.service';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { ANSWER_DEADLINE_MS, OutageRun, runThroughOutage, usageOnceSettled } from './support/outage-traffic';
import { S3_TEST_CREDENTIALS, startFaultProxy, startS3Server } from './support/s3-test-server';
import { startTcpFaultProxy, TcpFaultProxy } from './support/tcp-fault-proxy';
import { startTestApp, TestApp } from './support/test-app';
import { freshDatabaseUrl } from './support/test-database';

/**
 * §20: a dependency that goes away while renders are in flight makes the requests that need it answer
 * a JSON 503 with a code (never a 500, never a hang), gives back what they counted, and the service
 * serves again by itself once it returns. The store runs on every pass (s3rver behind a fault proxy).
 * Redis and the database are servers only when configured (CI's second pass: MariaDB + Redis), cut
 * through a TCP proxy in front of them. The embedded SQLite default is a file inside the process: it
 * cannot go away the way a server does (its own faults, a lock held past busy_timeout or a disk error,
 * map to the same 503 in src/common/errors/dependency-outage.ts and its spec).
 */
describe('a dependency goes away mid-traffic (§20)', () => {
  const redisUrl = process.env.REDIS_URL;
  const mysqlUrl = process.env.DATABASE_URL?.startsWith('mysql://') ? process.env.DATABASE_URL : undefined;

  /** A fresh account with room for the whole run (the plan's per-minute limit would refuse part of it). */
  async function roomyAccount(testApp: TestApp): Promise<{ owner: TestAccount; templateId: string }> {
    const owner = await createAccount(testApp, { plan: 'pro' });
    await testApp.get(AccountsService).setLimits(owner.account.id, { monthly: 100_000, perMinute: 10_000 });
    return { owner, templateId: await createTemplate(testApp, owner.apiKey) };
  }

  /** What every outage must look like, whichever dependency it was. */
  async function expectHandled(testApp: TestApp, owner: TestAccount, templateId: string, run: OutageRun, code: string, indicator: string) {
    const odd = run.answers.filter((answer) => answer.failure || !(answer.status === 200 || (answer.status === 503 && answer.code === code)));
    expect(odd).toEqual([]);
    expect(Math.max(...run.answers.map((answer) => answer.ms))).toBeLessThan(ANSWER_DEADLINE_MS);
    const refused = run.answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(run.answers.filter((answer) => answer.status === 200 && answer.startedAt < run.cutAt).length).toBeGreaterThan(0);

    // The other rendering paths: an answer in time, 200 (a preview needs no store) or the same 503, a batch item by item.
    for (const other of run.otherPaths) {
      const seen = {
        path: other.path,
        inTime: other.ms < ANSWER_DEADLINE_MS,
        status: other.status === 200 ? 200 : other.status,
        otherCodes: other.codes.filter((answered) => answered !== code),
      };
      expect(seen).toEqual({ path: other.path, inTime: true, status: other.codes.length > 0 && other.status !== 200 ? 503 : 200, otherCodes: [] });
    }
    expect(run.otherPaths.filter((other) => other.codes.length > 0).length).toBeGreaterThanOrEqual(2);

    expect(run.readyDuringOutage.status).toBe(503);
    expect(run.readyDuringOutage.body.error).toHaveProperty(`${indicator}.status`, 'down');
    expect(run.liveDuringOutage.status).toBe(200);
    expect(run.recoveryMs).toBeLessThan(20_000);

    // Counted means answered: the unit and the minute slot of every 503 came back.
    const fresh =
      run.answers.filter((answer) => answer.status === 200 && answer.cached === false).length + run.otherPaths.reduce((total, other) => total + other.fresh, 0);
    expect(await usageOnceSettled(testApp, owner, { used: fresh, minuteCount: fresh })).toEqual({ used: fresh, minuteCount: fresh, openLeases: 0 });

    // Serving normally again, without a restart.
    let ready = await testApp.request('GET', '/health/ready');
    for (let attempt = 0; attempt < 20 && ready.status !== 200; attempt++) {
      await sleep(250);
      ready = await testApp.request('GET', '/health/ready');
    }
    expect(ready.status).toBe(200);
    const body = { templateId, layers: { title: { text: `after the ${indicator} came back` } } };
    const drawn = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body });
    expect(drawn.status).toBe(200);
    expect(drawn.body.cached).toBe(false);
    expect((await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body })).body.cached).toBe(true);
    expect((await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used).toBe(fresh + 1);

    const slowest503 = Math.max(...refused.map((answer) => answer.ms));
    // The numbers the README and the review quote.
    console.log(
      `${indicator}: ${run.answers.length} answers, ${refused.length} × 503 ${code} (slowest ${slowest503} ms), ${fresh} fresh 200, recovered ${run.recoveryMs} ms after restore`,
    );
  }

  describe('the object store (S3 behind a fault proxy)', () => {
    let s3: Awaited<ReturnType<typeof startS3Server>>;
    let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
    let testApp: TestApp;

    beforeAll(async () => {
      s3 = await startS3Server(['pictor-images']);
      proxy = await startFaultProxy(s3.endpoint);
      testApp = await startTestApp({
        env: { STORAGE_URL: 's3://pictor-images/generated/v1', S3_ENDPOINT: proxy.endpoint, S3_FORCE_PATH_STYLE: 'true', ...S3_TEST_CREDENTIALS },
      });
    });

    afterAll(async () => {
      await testApp?.close();
      await proxy?.close();
      await s3?.close();
    });

    it('answers 200 or 503 storage_unavailable while it is down, refunds, and recovers', async () => {
      const { owner, templateId } = await roomyAccount(testApp);
      const run = await runThroughOutage(testApp, owner, templateId, {
        name: 'store',
        cut: () => void (proxy.mode = 'down'),
        restore: () => void (proxy.mode = 'pass'),
        expectedCode: 'storage_unavailable',
      });
      await expectHandled(testApp, owner, templateId, run, 'storage_unavailable', 'storage');
    }, 90_000);
  });

  if (redisUrl)
    describe('Redis (behind a TCP proxy)', () => {
      let proxy: TcpFaultProxy;
      let testApp: TestApp;

      beforeAll(async () => {
        proxy = await startTcpFaultProxy(Number(new URL(redisUrl).port || 6379));
        testApp = await startTestApp({ env: { REDIS_URL: proxy.url(redisUrl) } });
      });

      afterAll(async () => {
        await testApp?.close();
        await proxy?.close();
      });

      it.each([
        ['stopped (connections dropped, new ones refused)', () => proxy.stop()],
        ['frozen (connections open, nothing answers)', () => proxy.hang()],
      ])(
        'answers 200 or 503 dependency_unavailable while it is %s, refunds, and recovers',
        async (_how, cut) => {
          const { owner, templateId } = await roomyAccount(testApp);
          const run = await runThroughOutage(testApp, owner, templateId, {
            name: 'redis',
            cut,
            restore: () => proxy.restore(),
            expectedCode: 'dependency_unavailable',
          });
          await expectHandled(testApp, owner, templateId, run, 'dependency_unavailable', 'redis');
        },
        90_000,
      );
    });

  if (mysqlUrl)
    describe('MariaDB (behind a TCP proxy)', () => {
      let proxy: TcpFaultProxy;
      let testApp: TestApp;
      let dataDir: string;
      let dropDatabase: () => Promise<void>;

      beforeAll(async () => {
        dataDir = mkdtempSync(join(tmpdir(), 'pictor-outage-'));
        const database = await freshDatabaseUrl(dataDir);
        dropDatabase = database.drop;
        proxy = await startTcpFaultProxy(Number(new URL(mysqlUrl).port || 3306));
        testApp = await startTestApp({ shared: { dataDir, databaseUrl: proxy.url(database.url) } });
      });

      afterAll(async () => {
        await testApp?.close();
        await proxy?.close();
        await dropDatabase?.();
        rmSync(dataDir, { recursive: true, force: true });
      });

      it('answers 200 or 503 dependency_unavailable while it is stopped, refunds, and recovers', async () => {
        const { owner, templateId } = await roomyAccount(testApp);
        const run = await runThroughOutage(testApp, owner, templateId, {
          name: 'database',
          cut: () => proxy.stop(),
          restore: () => proxy.restore(),
          expectedCode: 'dependency_unavailable',
        });
        await expectHandled(testApp, owner, templateId, run, 'dependency_unavailable', 'database');
      }, 90_000);
    });
});
