import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { billingPeriodAt } from '../src/billing/billing-period';
import { QuotaCounterRepository } from '../src/billing/quota-counter.repository';
import { QuotaLeaseReclaimer } from '../src/billing/quota-lease-reclaimer';
import { RenderCacheService } from '../src/render/render-cache.service';
import { Clock } from '../src/common/clock/clock';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { FakeClock } from './support/fake-clock';
import { HttpFixtureServer } from './support/http-fixture-server';
import { startTestApp, TestApp } from './support/test-app';
import { freshDatabaseUrl } from './support/test-database';
import { freePort } from './support/server-process';

const ROOT = join(__dirname, '..');

const until = async (condition: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string) => {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * §20 "counted means answered": the finding 5 (kill -9 during fresh renders overbilled) with a
 * real kill -9 of a server process, then a restart on the same database.
 */
describe('hostile input: a crash gives back the units of renders that never completed', () => {
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };
  let fixtures: HttpFixtureServer;
  let fixturesUrl: string;
  let child: ChildProcess | null = null;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pictor-crash-'));
    database = await freshDatabaseUrl(dataDir);
    // Never answers: renders fetching it stay in flight (admitted, counted) until the process dies.
    fixtures = new HttpFixtureServer().route('/hang.png', () => undefined);
    fixturesUrl = await fixtures.start();
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    for (const app of apps) await app.close();
    await fixtures?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const shared = () => ({ dataDir, databaseUrl: database.url });
  const usedNow = async (testApp: TestApp, owner: TestAccount) =>
    testApp.get(QuotaCounterRepository).used(owner.account.id, billingPeriodAt(owner.account.createdAt, new Date()).start);

  it('kill -9 during fresh renders: after a restart, usage equals the renders that were drawn', async () => {
    const setup = await startTestApp({ shared: shared(), env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    apps.push(setup);
    const owner = await createAccount(setup, { plan: 'pro' });
    const lightId = await createTemplate(setup, owner.apiKey);
    const hangingId = await createTemplate(setup, owner.apiKey, {
      layers: [{ name: 'photo', type: 'image', x: 0, y: 0, width: 100, height: 100, imageUrl: `${fixturesUrl}/hang.png` }],
    });

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    let output = '';
    // The child keeps its rate limits in memory: this test is about the database's counters.
    const env = { ...process.env };
    delete env.REDIS_URL;
    child = spawn(process.execPath, ['dist/main.js'], {
      cwd: ROOT,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SECRETS_KEY: 'a'.repeat(64),
        WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
        RENDER_TIMEOUT: '10s',
        RENDER_THREADS: '1',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Ready: a worker has drawn (fonts loaded), so the first renders below are not slowed by start-up.
    await until(
      () =>
        fetch(`${baseUrl}/health/ready`).then(
          (response) => response.ok,
          () => false,
        ),
      30_000,
      () => `the server to start:\n${output}`,
    );

    const generate = (templateId: string, layers: Record<string, unknown>) =>
      fetch(`${baseUrl}/api/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ templateId, layers }),
      });
    for (const text of ['one', 'two', 'three']) expect((await generate(lightId, { title: { text } })).status).toBe(200);
    // Four renders admitted (each has fetched, so each was counted) and hanging on their image.
    const inFlight = ['w', 'x', 'y', 'z'].map((variant) =>
      generate(hangingId, { photo: { imageUrl: `${fixturesUrl}/hang.png?${variant}` } }).catch(() => null),
    );
    await until(
      () => fixtures.requests.filter((request) => request.url.startsWith('/hang.png')).length === 4,
      10_000,
      () => `the four image fetches:
${output}`,
    );
    expect(await usedNow(setup, owner)).toBe(7);

    child.kill('SIGKILL');
    await until(
      () => child!.exitCode !== null || child!.signalCode !== null,
      5_000,
      () => 'the child to die',
    );
    await Promise.all(inFlight);
    expect(child.signalCode).toBe('SIGKILL');
    expect(await usedNow(setup, owner)).toBe(7);

    // Up again (a clock past the leases' RENDER_TIMEOUT, as after a real restart): the start-up sweep gives the four back.
    const restartClock = new FakeClock();
    restartClock.advance(11_000);
    const restarted = await startTestApp({ shared: shared(), overrides: [{ provide: Clock, useValue: restartClock }] });
    apps.push(restarted);
    expect(await usedNow(restarted, owner)).toBe(3);
    expect(await restarted.get(QuotaCounterRepository).openLeases(owner.account.id)).toBe(0);
    const usage = await restarted.request('GET', '/api/usage', { apiKey: owner.apiKey });
    expect(usage.body.quota.used).toBe(3);
  }, 60_000);

  it('reclaims leases that expire later on the periodic sweep, and two instances sweeping at once refund each unit once', async () => {
    const first = await startTestApp({ shared: shared() });
    const second = await startTestApp({ shared: shared() });
    apps.push(first, second);
    const owner = await createAccount(first, { plan: 'pro' });
    const repository = first.get(QuotaCounterRepository);
    const periodStart = billingPeriodAt(owner.account.createdAt, new Date()).start;
    const lease = (expiresInMs: number) => ({ id: randomUUID(), accountId: owner.account.id, periodStart, expiresAt: new Date(Date.now() + expiresInMs) });

    const committed = lease(1_000);
    const abandoned = Array.from({ length: 6 }, () => lease(1_000));
    for (const each of [committed, ...abandoned]) expect(await repository.reserve(each, 100)).toBe(true);
    await repository.commit(committed);
    expect(await usedNow(first, owner)).toBe(7);

    // Not yet expired: a sweep gives nothing back.
    expect(await first.get(QuotaLeaseReclaimer).sweep()).toBe(0);
    expect(await usedNow(first, owner)).toBe(7);

    first.clock.advance(2_000);
    second.clock.advance(2_000);
    const [byFirst, bySecond] = await Promise.all([first.get(QuotaLeaseReclaimer).sweep(), second.get(QuotaLeaseReclaimer).sweep()]);
    expect(byFirst + bySecond).toBe(6);
    expect(await usedNow(first, owner)).toBe(1);

    // A release after the reclaim gives nothing more; a commit after the reclaim charges the drawn render again.
    await repository.release(abandoned[0]);
    expect(await usedNow(first, owner)).toBe(1);
    await repository.commit(abandoned[1]);
    expect(await usedNow(first, owner)).toBe(2);
  });

  it("commits a drawn render's cache row and its unit in one transaction: both or neither", async () => {
    const testApp = await startTestApp({ shared: shared() });
    apps.push(testApp);
    const owner = await createAccount(testApp, { plan: 'pro' });
    const templateId = await createTemplate(testApp, owner.apiKey);
    const repository = testApp.get(QuotaCounterRepository);
    const cache = testApp.get(RenderCacheService);
    const periodStart = billingPeriodAt(owner.account.createdAt, new Date()).start;
    const lease = () => ({ id: randomUUID(), accountId: owner.account.id, periodStart, expiresAt: new Date(Date.now() + 60_000) });
    const entry = (key: string) => ({
      key,
      accountId: owner.account.id,
      templateId,
      templateVersion: 1,
      format: 'png',
      byteSize: 10,
      warnings: [],
      createdAt: new Date(),
    });

    // The cache row's INSERT fails (too few parameters, an error on both drivers): the unit's commit rolls back with it.
    const failing = lease();
    expect(await repository.reserve(failing, 100)).toBe(true);
    const [sql, parameters] = cache.recordStatement(entry('broken-key'));
    const broken: [string, unknown[]] = [sql, parameters.slice(0, 3)];
    await expect(repository.commit(failing, [broken])).rejects.toThrow();
    expect(await repository.openLeases(owner.account.id)).toBe(1);
    expect(await cache.find('broken-key')).toBeNull();
    await repository.release(failing);
    expect(await usedNow(testApp, owner)).toBe(0);

    // Both succeed: the row is there and the unit stays counted.
    const succeeding = lease();
    expect(await repository.reserve(succeeding, 100)).toBe(true);
    await repository.commit(succeeding, [cache.recordStatement(entry('kept-key'))]);
    expect(await repository.openLeases(owner.account.id)).toBe(0);
    expect((await cache.find('kept-key'))?.accountId).toBe(owner.account.id);
    expect(await usedNow(testApp, owner)).toBe(1);
  });
});
