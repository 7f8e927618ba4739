import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { QuotaLeaseReclaimer } from '../src/billing/quota-lease-reclaimer';
import { RenderService } from '../src/render/render.service';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { metricValue } from './support/prometheus';
import { freePort, PictorProcess, startPictorProcess } from './support/server-process';
import { startTestApp, TestApp } from './support/test-app';
import { freshDatabaseUrl } from './support/test-database';

/** What the processes a test started said lately, for a failure's message. */
let describeProcesses: () => string = () => '';

/** Polls `check` every 100 ms, for at most `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 100_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met in time\n${describeProcesses()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const titles = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => ({ title: { text: `${prefix} ${index}` } }));

/** A redis-server of the test's own on `port` (without persistence), so the test may stop it: never the shared one. */
class OwnRedis {
  private child: ChildProcess | null = null;

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await until(
        () =>
          probe.connect().then(
            () => true,
            () => false,
          ),
        10_000,
      );
    } finally {
      probe.disconnect();
    }
  }

  get running(): boolean {
    return this.child !== null;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** Rows of a job a process is stopped or killed in the middle of. */
const ROWS_AT_STOP = 80;
/** Rows of the job Redis goes down under: enough to outlast the stop however fast rows draw (24 were once all done by then). */
const ROWS_AT_OUTAGE = 200;

/**
 * §22's engine with REDIS_URL, across real processes: `dist/worker.js` workers and `dist/main.js` servers on one
 * database and one Redis (the test's own), and an in-process API instance with JOB_WORKER=off that creates the
 * jobs and reads them back (it draws nothing). Row claims expire in the database; BullMQ hands a dead process's
 * lanes on after JOB_LEASE (2 s here).
 */

describe('jobs on BullMQ with worker processes (§22 engine)', () => {
  let redis: OwnRedis;
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };
  let api: TestApp;
  let owner: TestAccount;
  let templateId: string;
  let apiDraws = 0;
  const started: PictorProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    redis = new OwnRedis(await freePort());
    await redis.start();
    dataDir = mkdtempSync(join(tmpdir(), 'pictor-workers-'));
    database = await freshDatabaseUrl(dataDir);
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `pictor-test-${randomBytes(6).toString('hex')}:`,
      SECRETS_KEY: 'a'.repeat(64),
      PUBLIC_BASE_URL: 'http://pictor.test',
      RENDER_THREADS: '1',
      JOB_LEASE: '2s',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
    };
    api = await startTestApp({
      shared: { dataDir, databaseUrl: database.url, redisPrefix: env.REDIS_PREFIX },
      env: { ...env, JOB_WORKER: 'off', LOG_LEVEL: 'silent' },
    });
    const service = api.get(RenderService);
    const original = service.renderTemplate.bind(service);
    jest.spyOn(service, 'renderTemplate').mockImplementation(async (...args) => {
      apiDraws++;
      return original(...args);
    });
  }, 60_000);

  // Each test has its own account, so a job another test left behind cannot move its figures.
  beforeEach(async () => {
    owner = await createAccount(api, { plan: 'pro' });
    templateId = await createTemplate(api, owner.apiKey);
  });

  // Each test starts the processes it needs; none outlives it (the machine is small).
  afterEach(async () => {
    await Promise.all(started.splice(0).map((process) => process.stop()));
    // A test that failed with Redis down must not fail the next ones too.
    if (!redis.running) await redis.start();
  });

  afterAll(async () => {
    await api?.close();
    await redis?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describeProcesses = () =>
    started
      .map((process) =>
        process
          .output()
          .split('\n')
          .filter((line) => !line.includes('InstanceLoader') && !line.includes('RoutesResolver') && !line.includes('RouterExplorer'))
          .slice(-15)
          .join('\n'),
      )
      .join('\n---\n');
  const worker = async (extra: Record<string, string> = {}) => {
    const process = await startPictorProcess('worker', { ...env, ...extra });
    started.push(process);
    return process;
  };
  const server = async () => {
    const port = await freePort();
    const process = await startPictorProcess('main', { ...env, PORT: String(port) }, `http://127.0.0.1:${port}`);
    started.push(process);
    return { process, baseUrl: `http://127.0.0.1:${port}` };
  };
  const create = async (rows: unknown[]) => {
    const response = await api.request('POST', '/api/jobs', { apiKey: owner.apiKey, body: { templateId, rows } });
    expect(response.status).toBe(202);
    return response.body.id as string;
  };
  const job = async (id: string) => (await api.request('GET', `/api/jobs/${id}`, { apiKey: owner.apiKey })).body;
  const used = async () => (await api.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used as number;
  const query = async (sql: string, parameters: unknown[]) => Number((await api.dataSource.query(sql, parameters))[0].count);
  const leases = () => query('SELECT COUNT(*) AS count FROM quota_leases WHERE account_id = ?', [owner.account.id]);
  /** Units of renders a killed process never finished come back once their lease expires (§20): move past it and sweep. */
  const reclaimDeadLeases = async () => {
    api.clock.advance(api.config.renderTimeoutMs + 1_000);
    await api.get(QuotaLeaseReclaimer).sweep();
  };
  const jobCount = async () => (await api.request('GET', '/api/jobs?limit=100', { apiKey: owner.apiKey })).body.data.length as number;
  /** Rows with an outcome, read from the database (the API's own requests may need Redis). */
  const recorded = (id: string) => query("SELECT COUNT(*) AS count FROM job_items WHERE job_id = ? AND status <> 'pending'", [id]);
  const fresh = async (id: string) =>
    (await api.request('GET', `/api/jobs/${id}/items`, { apiKey: owner.apiKey })).body.data.filter((item: { cached: boolean }) => !item.cached)
      .length as number;

  it("runs a job on a separate worker process while the API instance (JOB_WORKER=off) draws nothing; readiness and /metrics show the queue, the worker's own /metrics its rows", async () => {
    const ready = await api.request('GET', '/health/ready');
    expect(ready.body.details.queue).toEqual({ status: 'up' });
    const before = await used();
    const id = await create(titles(6, 'separate'));
    // No worker yet: the job waits in the queue.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await job(id)).toMatchObject({ status: 'queued', done: 0 });
    const metrics = (await api.request('GET', '/metrics')).text;
    expect(metricValue(metrics, 'pictor_job_queue_depth', { state: 'waiting' })).toBe(2);
    expect(metricValue(metrics, 'pictor_job_rows_pending')).toBe(6);
    const metricsPort = await freePort();
    await worker({ WORKER_METRICS_PORT: String(metricsPort) });
    await until(async () => (await job(id)).status === 'completed');
    expect(await job(id)).toMatchObject({ total: 6, done: 6, failed: 0 });
    expect(apiDraws).toBe(0);
    // The worker serves no API, but its own /metrics: the rows it ran (rate() of it is rows per second) and their latency.
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const workerMetrics = await scraped.text();
    expect(metricValue(workerMetrics, 'pictor_job_rows_total', { outcome: 'succeeded' })).toBe(6);
    expect(metricValue(workerMetrics, 'pictor_job_row_duration_seconds_count')).toBe(6);
    expect(metricValue(workerMetrics, 'pictor_job_rows_pending')).toBe(0);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/jobs`)).status).toBe(404);
    expect((await used()) - before).toBe(6);
    expect(await fresh(id)).toBe(6);
  }, 150_000);

  it('survives kill -9 of a worker mid-job: another process finishes, each row is billed once, usage = rows drawn fresh', async () => {
    const before = await used();
    const first = await worker();
    const id = await create(titles(ROWS_AT_STOP, 'killed worker'));
    await until(async () => (await job(id)).done >= 3);
    await first.stop('SIGKILL');
    const progress = (await job(id)).done as number;
    expect(progress).toBeLessThan(ROWS_AT_STOP);
    await worker();
    await until(async () => (await job(id)).status === 'completed');
    expect(await job(id)).toMatchObject({ total: ROWS_AT_STOP, done: ROWS_AT_STOP, failed: 0 });
    await reclaimDeadLeases();
    // Different rows: one drawing billed each, whichever process stored them (a row the dead one stored is a cache hit).
    expect((await used()) - before).toBe(ROWS_AT_STOP);
    expect(await leases()).toBe(0);
  }, 150_000);

  it('survives kill -9 of a server process drawing rows: another server finishes', async () => {
    const before = await used();
    const first = await server();
    const id = await create(titles(ROWS_AT_STOP, 'killed server'));
    await until(async () => (await job(id)).done >= 3);
    await first.process.stop('SIGKILL');
    expect((await job(id)).done).toBeLessThan(ROWS_AT_STOP);
    const second = await server();
    await until(async () => (await job(id)).status === 'completed');
    const failures = (await api.request('GET', `/api/jobs/${id}/items`, { apiKey: owner.apiKey })).body.data.filter((item: { error: unknown }) => item.error);
    expect(failures).toEqual([]);
    // The new server reads it the same.
    const read = await fetch(`${second.baseUrl}/api/jobs/${id}`, { headers: { authorization: `Bearer ${owner.apiKey}` } });
    expect(await read.json()).toMatchObject({ id, status: 'completed', done: ROWS_AT_STOP });
    expect(await job(id)).toMatchObject({ total: ROWS_AT_STOP, done: ROWS_AT_STOP, failed: 0 });
    await reclaimDeadLeases();
    expect((await used()) - before).toBe(ROWS_AT_STOP);
  }, 150_000);

  it('hands its rows back on SIGTERM: the rows it drew are recorded, none stays claimed, the next worker draws the rest', async () => {
    const before = await used();
    const first = await worker();
    // Rows enough to outlast the shutdown however fast they draw (rows go back to back: 20 were once all done by then).
    const id = await create(titles(ROWS_AT_STOP, 'sigterm'));
    await until(async () => (await job(id)).done >= 2);
    expect(await first.stop('SIGTERM')).toBe(0);
    const stopped = await job(id);
    expect(stopped.done).toBeLessThan(ROWS_AT_STOP);
    // Named: a failed row's error says why (a row the shutdown cut must go back, not fail).
    const failures = (await api.request('GET', `/api/jobs/${id}/items`, { apiKey: owner.apiKey })).body.data.filter((item: { error: unknown }) => item.error);
    expect(failures).toEqual([]);
    expect(stopped.failed).toBe(0);
    expect(await query("SELECT COUNT(*) AS count FROM job_items WHERE job_id = ? AND status = 'pending' AND claim_token IS NOT NULL", [id])).toBe(0);
    // Nothing billed but the rows recorded (a unit the stopping render pool refused is given back).
    await reclaimDeadLeases();
    expect(await leases()).toBe(0);
    expect((await used()) - before).toBe(stopped.done);
    await worker();
    await until(async () => (await job(id)).status === 'completed');
    expect(await job(id)).toMatchObject({ done: ROWS_AT_STOP, failed: 0 });
    expect((await used()) - before).toBe(ROWS_AT_STOP);
  }, 150_000);

  it('pauses while Redis is down (new jobs 503, readiness names the queue) and resumes when it is back, nothing lost or billed twice', async () => {
    const before = await used();
    await worker();
    const id = await create(titles(ROWS_AT_OUTAGE, 'redis outage'));
    await until(async () => (await job(id)).done >= 3);
    await redis.stop();
    const refused = await api.request('POST', '/api/jobs', { apiKey: owner.apiKey, body: { templateId, rows: titles(2, 'refused') } });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('dependency_unavailable');
    const ready = await api.request('GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.details.queue.status).toBe('down');
    // Paused: what was drawing settles, then nothing moves.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const paused = await recorded(id);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await recorded(id)).toBe(paused);
    expect(paused).toBeLessThan(ROWS_AT_OUTAGE);
    // Back (empty: this Redis keeps nothing): the database knows what is left, and the workers take it up again.
    await redis.start();
    await until(async () => (await job(id)).status === 'completed');
    expect(await job(id)).toMatchObject({ total: ROWS_AT_OUTAGE, done: ROWS_AT_OUTAGE, failed: 0 });
    await reclaimDeadLeases();
    expect((await used()) - before).toBe(ROWS_AT_OUTAGE);
    // The refused job was never created.
    expect(await jobCount()).toBe(1);
  }, 150_000);

  it('creates one job when the same Idempotency-Key reaches two server processes at once', async () => {
    const [one, two] = await Promise.all([server(), server()]);
    const body = JSON.stringify({ templateId, rows: [{ title: { text: 'one job, two servers' } }] });
    const answers = await Promise.all(
      [one, two].map((instance) =>
        fetch(`${instance.baseUrl}/api/jobs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json', 'idempotency-key': 'same-key-two-processes' },
          body,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect([
      [202, 409],
      [202, 202],
    ]).toContainEqual(statuses);
    expect(answers.filter((answer) => answer.status === 202 && answer.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await jobCount()).toBe(1);
  }, 90_000);
});
