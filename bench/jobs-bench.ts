import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freshMysqlDatabase } from '../test/support/test-database';
import { CpuPerRequest, measureCpu, medianCpu, processCpu, recordCpuBound } from './cpu-accounting';
import { npmScriptNodeArguments } from './npm-script-node';
import { median } from './statistics';

/** What the jobs section needs from the bench runner. */
export interface JobsBenchContext {
  root: string;
  /** The bench's environment without DATABASE_URL and REDIS_URL. */
  env: Record<string, string | undefined>;
  threads: number;
  /** The running server (SQLite, no Redis: the in-process engine), its account and template. */
  base: string;
  apiKey: string;
  templateId: string;
  port: number;
  record: (what: string, value: string, ratio?: string, target?: string) => void;
  text: () => string;
  /** The running server's process id (its CPU is read from /proc). */
  serverPid: number;
}

const ROWS = Number(process.env.BENCH_JOB_ROWS ?? 1000);
const BATCH = 25;
/** Alternating rounds of batches and a job per configuration. */
const ROUNDS = Number(process.env.BENCH_JOB_ROUNDS ?? 5);
const PROBES = Number(process.env.BENCH_JOB_PROBES ?? 1000);
/** The job that runs while the probes are sent: longer than they take. */
const PROBE_JOB_ROWS = Number(process.env.BENCH_PROBE_JOB_ROWS ?? 10_000);
/** Rows of each job that warms the worker process up (jobs run until it has drawn some). */
const WARM_UP_ROWS = 200;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))];

/**
 * §22's figures: rows per second of a ROWS-row job against the same renders sent as batches of 25 (one batch
 * at a time, as a client would), on the in-process engine and on BullMQ with and without a second process
 * (`npm run worker`); and p99 of interactive POST /api/generate while a job runs against idle.
 */
export async function jobsSection(context: JobsBenchContext): Promise<void> {
  console.log(`Jobs (${ROWS} distinct sample cards):`);
  const { base, apiKey, templateId } = context;
  const rows = () => Array.from({ length: ROWS }, () => ({ title: { text: context.text() } }));

  // CPU per render, batches against rows: what the job's own bookkeeping costs each row, and whether it bounds the ratio.
  const cpu = { batch: [] as CpuPerRequest[], job: [] as CpuPerRequest[] };
  const timed = async (into: CpuPerRequest[], work: () => Promise<number>) => {
    const { result: seconds, cpu: used } = await measureCpu(context.serverPid, { requests: ROWS, activeSeconds: (seconds) => seconds }, work);
    into.push(used);
    return seconds;
  };
  const local = await alternate(
    ROUNDS,
    () => timed(cpu.batch, () => batches(base, apiKey, templateId, rows())),
    () => timed(cpu.job, () => runJob(base, apiKey, templateId, rows())),
  );
  context.record(`${ROWS} renders as batches of ${BATCH}, one after another`, local.reference);
  context.record(`${ROWS}-row job, in-process engine (SQLite, no Redis)`, local.measured, local.ratio, '≥ 0.90');
  context.record(
    'main-thread CPU per render: batches / job rows (median)',
    `${medianCpu(cpu.batch).main.toFixed(2)} ms / ${medianCpu(cpu.job).main.toFixed(2)} ms`,
  );
  recordCpuBound(
    context.record,
    'row, in-process job against batches',
    { subject: cpu.job, reference: cpu.batch, names: ['job row', 'batched render'] },
    local.ratios,
  );

  // p99 of 1,000 samples (the 10th slowest: of 300, the 3rd slowest moved 1.5× between runs of one build); the job is
  // long enough to outlast them, and is cancelled once they are done.
  const probeRows = () => Array.from({ length: PROBE_JOB_ROWS }, () => ({ title: { text: context.text() } }));
  const idle = await probes(base, apiKey, templateId, context.text);
  const id = await startJob(base, apiKey, templateId, probeRows()).created;
  const busy = await probes(base, apiKey, templateId, context.text);
  const runningAtEnd = (await (await fetch(`${base}/api/jobs/${id}`, { headers: headers(apiKey) })).json()) as { status: string };
  await fetch(`${base}/api/jobs/${id}`, { method: 'DELETE', headers: headers(apiKey) });
  await jobEnded(base, apiKey, id);
  context.record(
    `p99 POST /api/generate (${PROBES} one at a time), idle / during a ${PROBE_JOB_ROWS}-row job${runningAtEnd.status === 'completed' ? ' (the job ended before the probes: too short)' : ''}`,
    `${p99(idle).toFixed(0)} ms / ${p99(busy).toFixed(0)} ms`,
    (p99(busy) / p99(idle)).toFixed(2),
    '≤ 3',
  );

  // BullMQ: a server on Redis (and its own SQLite file, shared with the worker process, or a fresh MariaDB database
  // with BENCH_JOBS_MYSQL_URL: the production layout), then a worker beside it.
  const dataDir = mkdtempSync(join(tmpdir(), 'pictor-bench-jobs-'));
  const database = await benchDatabase();
  const port = context.port + 300;
  const queueBase = `http://127.0.0.1:${port}`;
  const env = {
    ...context.env,
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    REDIS_URL,
    REDIS_PREFIX: `pictor-bench-${process.pid}:`,
    LOG_LEVEL: 'warn',
    RENDER_THREADS: String(context.threads),
  };
  const cli = (...args: string[]) => JSON.parse(execFileSync(process.execPath, [join(context.root, 'dist', 'cli.js'), ...args], { env }).toString()) as unknown;
  const layout = database ? 'MariaDB' : 'SQLite';
  const children: ChildProcess[] = [];
  try {
    children.push(await start(context.root, 'main', { ...env, PORT: String(port), HOST: '127.0.0.1' }, queueBase));
    const { accountId, apiKey: queueKey } = cli('accounts:create', '--email', 'bench-jobs@example.com', '--plan', 'pro') as {
      accountId: string;
      apiKey: string;
    };
    cli('accounts:set-limits', '--account', accountId, '--monthly', '100000000', '--per-minute', '100000000');
    const queueTemplate = await copyTemplate(base, apiKey, templateId, queueBase, queueKey);
    // Against the same renders as batches on this server: with Redis every render also takes and releases its
    // cross-instance single-flight lock (two round trips), which the SQLite server's batches never pay.
    const queueBatches = () => batches(queueBase, queueKey, queueTemplate, rows());
    const queueJob = () => runJob(queueBase, queueKey, queueTemplate, rows());
    // CPU per row of the server alone, and of the server and the worker together (every thread of both).
    const queueCpu = { alone: [] as CpuPerRequest[], paired: [] as CpuPerRequest[] };
    const server = children[0].pid!;
    const perRow = { requests: ROWS, activeSeconds: (seconds: number) => seconds };
    // The server alone: batches and the job in turns.
    const alone = { batch: [] as number[], job: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      alone.batch.push(ROWS / (await queueBatches()));
      const run = await measureCpu(server, perRow, queueJob);
      alone.job.push(ROWS / run.result);
      queueCpu.alone.push(run.cpu);
    }
    // Then with `npm run worker` beside it, once the worker has drawn rows (as one that has been running has: a
    // worker's first rows pay its start, JIT and fonts). Lanes go to whichever process asks first, so warm-up jobs
    // run until the worker's CPU shows it drew some. Each configuration's job is a ratio to batches of its own rounds.
    const worker = await start(context.root, 'worker', env);
    const paired = { batch: [] as number[], job: [] as number[] };
    let warmUp = { jobs: 0, workerCpu: 0 };
    try {
      warmUp = await warmWorker(worker.pid!, () => runJob(queueBase, queueKey, queueTemplate, rows().slice(0, WARM_UP_ROWS)));
      for (let round = 0; round < ROUNDS; round++) {
        paired.batch.push(ROWS / (await queueBatches()));
        const run = await measureCpu([server, worker.pid!], perRow, queueJob);
        paired.job.push(ROWS / run.result);
        queueCpu.paired.push(run.cpu);
      }
    } finally {
      await stop(worker);
    }
    const ratios = (of: number[], to: number[]) => of.map((value, index) => value / to[index]);
    const described = (rates: number[], against: number[]) =>
      `${median(rates).toFixed(1)} rows/s (median of ${ROUNDS}; ratios ${ratios(rates, against)
        .map((ratio) => ratio.toFixed(2))
        .join(', ')})`;
    const aloneRatio = median(ratios(alone.job, alone.batch));
    const pairedRatio = median(ratios(paired.job, paired.batch));
    context.record(
      `${ROWS} renders as batches of ${BATCH} on the Redis server (${layout}), alone; with the worker beside it`,
      `${median(alone.batch).toFixed(1)}; ${median(paired.batch).toFixed(1)} renders/s (medians of ${ROUNDS})`,
    );
    context.record(`${ROWS}-row job on BullMQ (${layout}), the server alone`, described(alone.job, alone.batch), aloneRatio.toFixed(2), '≥ 0.90');
    context.record(
      `${ROWS}-row job on BullMQ (${layout}), server + npm run worker (warmed: ${warmUp.jobs} warm-up jobs of ${WARM_UP_ROWS} rows, ${warmUp.workerCpu.toFixed(1)} s of the worker's CPU)`,
      described(paired.job, paired.batch),
      pairedRatio.toFixed(2),
      '≥ 0.90',
    );
    context.record(
      `${ROWS}-row job on BullMQ (${layout}): server + worker against the server alone (each against its own rounds' batches)`,
      `${pairedRatio.toFixed(2)} / ${aloneRatio.toFixed(2)}`,
      (pairedRatio / aloneRatio).toFixed(2),
      '≥ 1.00 (does not lower it)',
    );
    recordCpuBound(
      context.record,
      `BullMQ job row (${layout})`,
      { subject: queueCpu.paired, reference: queueCpu.alone, names: ['server + worker', 'server alone'] },
      [pairedRatio / aloneRatio],
    );
  } finally {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** A fresh database on the MariaDB/MySQL server at BENCH_JOBS_MYSQL_URL (dropped afterwards), or null for SQLite. */
function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.BENCH_JOBS_MYSQL_URL;
  return base ? freshMysqlDatabase(base, `pictor_bench_${process.pid}`) : Promise.resolve(null);
}

interface Alternated {
  reference: string;
  measured: string;
  ratio: string;
  ratios: number[];
}

/** Batches and a job in turns, `rounds` times: the median of each round's ratio (one machine's drift hits both alike). */
async function alternate(rounds: number, reference: () => Promise<number>, measured: () => Promise<number>): Promise<Alternated> {
  const batchRates: number[] = [];
  const jobRates: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    batchRates.push(ROWS / (await reference()));
    jobRates.push(ROWS / (await measured()));
    ratios.push(jobRates[round] / batchRates[round]);
  }
  const list = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
  return {
    reference: `${median(batchRates).toFixed(1)} renders/s (median of ${rounds})`,
    measured: `${median(jobRates).toFixed(1)} rows/s (median of ${rounds}; ratios ${list(ratios)})`,
    ratio: median(ratios).toFixed(2),
    ratios,
  };
}

const headers = (apiKey: string) => ({ authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' });

async function post(url: string, apiKey: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: headers(apiKey), body: JSON.stringify(body) });
  const answer = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${answer}`);
  return JSON.parse(answer);
}

async function batches(base: string, apiKey: string, templateId: string, rows: Array<Record<string, unknown>>): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < rows.length; start += BATCH) {
    const items = rows.slice(start, start + BATCH).map((layers) => ({ templateId, layers }));
    await post(`${base}/api/generate/batch`, apiKey, { items });
  }
  return (performance.now() - started) / 1000;
}

function startJob(base: string, apiKey: string, templateId: string, rows: Array<Record<string, unknown>>) {
  const started = performance.now();
  const created = post(`${base}/api/jobs`, apiKey, { templateId, rows }).then((job) => (job as { id: string }).id);
  const finished = created.then(async (id) => {
    for (;;) {
      const response = await fetch(`${base}/api/jobs/${id}`, { headers: headers(apiKey) });
      const job = (await response.json()) as { status: string; done: number; failed: number };
      if (job.status === 'completed') {
        if (job.failed > 0) throw new Error(`job ${id}: ${job.failed} rows failed`);
        return (performance.now() - started) / 1000;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return { created, finished };
}

/** Waits until job `id` has ended, whichever way. */
async function jobEnded(base: string, apiKey: string, id: string): Promise<void> {
  for (;;) {
    const job = (await (await fetch(`${base}/api/jobs/${id}`, { headers: headers(apiKey) })).json()) as { status: string };
    if (job.status !== 'queued' && job.status !== 'running') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Seconds from POST /api/jobs to the job completed. */
function runJob(base: string, apiKey: string, templateId: string, rows: Array<Record<string, unknown>>): Promise<number> {
  return startJob(base, apiKey, templateId, rows).finished;
}

/** Latencies (ms) of PROBES fresh POST /api/generate, one at a time. */
async function probes(base: string, apiKey: string, templateId: string, text: () => string): Promise<number[]> {
  const latencies: number[] = [];
  for (let probe = 0; probe < PROBES; probe++) {
    const started = performance.now();
    await post(`${base}/api/generate`, apiKey, { templateId, layers: { title: { text: text() } } });
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function copyTemplate(base: string, apiKey: string, templateId: string, to: string, toKey: string): Promise<string> {
  const response = await fetch(`${base}/api/templates/${templateId}`, { headers: headers(apiKey) });
  const template = (await response.json()) as Record<string, unknown>;
  const { name, width, height, background, layers } = template;
  return ((await post(`${to}/api/templates`, toKey, { name, width, height, background, layers })) as { id: string }).id;
}

/**
 * Runs warm-up jobs until the worker process `pid` has drawn rows (its CPU grew by half a second: ~50 rows of the
 * sample card), at most ten; returns how many ran and the CPU seconds the worker spent.
 */
async function warmWorker(pid: number, warmUpJob: () => Promise<number>): Promise<{ jobs: number; workerCpu: number }> {
  const cpuOf = () => {
    const { user, system } = processCpu([pid]);
    return user + system;
  };
  const before = cpuOf();
  let jobs = 0;
  while (jobs < 10 && cpuOf() - before < 0.5) {
    await warmUpJob();
    jobs++;
  }
  return { jobs, workerCpu: cpuOf() - before };
}

/** SIGTERM, then waits for the process to exit (a worker hands its rows back first). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** `node dist/<script>.js`, ready when the server answers /health/ready or the worker says it started. */
async function start(root: string, script: 'main' | 'worker', env: Record<string, string | undefined>, base?: string): Promise<ChildProcess> {
  // Exactly as `npm start` / `npm run worker` run it (their node flags included).
  const child = spawn(process.execPath, npmScriptNodeArguments(root, script === 'main' ? 'start' : 'worker'), {
    cwd: root,
    env: { ...env, LOG_LEVEL: base ? env.LOG_LEVEL : 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let waited = 0; waited < 60_000; waited += 200) {
    const ready = base
      ? await fetch(`${base}/health/ready`).then(
          (response) => response.ok,
          () => false,
        )
      : output.includes('Pictor worker started');
    if (ready) return child;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start:\n${output}`);
}
