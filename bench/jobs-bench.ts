import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

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
  cli: (dataDir: string, ...args: string[]) => unknown;
  record: (what: string, value: string, ratio?: string, target?: string) => void;
  text: () => string;
}

const ROWS = Number(process.env.BENCH_JOB_ROWS ?? 1000);
const BATCH = 25;
const PROBES = Number(process.env.BENCH_JOB_PROBES ?? 100);
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

  const batchSeconds = await batches(base, apiKey, templateId, rows());
  const batchRate = ROWS / batchSeconds;
  context.record(`${ROWS} renders as batches of ${BATCH}, one after another`, `${batchRate.toFixed(1)} renders/s`);
  const local = ROWS / (await runJob(base, apiKey, templateId, rows()));
  context.record(`${ROWS}-row job, in-process engine (SQLite, no Redis)`, `${local.toFixed(1)} rows/s`, (local / batchRate).toFixed(2), '≥ 0.90');

  const idle = await probes(base, apiKey, templateId, context.text);
  const job = startJob(base, apiKey, templateId, rows());
  const id = await job.created;
  const busy = await probes(base, apiKey, templateId, context.text);
  await job.finished;
  if (!id) throw new Error('job not created');
  context.record(
    `p99 POST /api/generate, idle / during a ${ROWS}-row job`,
    `${p99(idle).toFixed(0)} ms / ${p99(busy).toFixed(0)} ms`,
    (p99(busy) / p99(idle)).toFixed(2),
    '≤ 3',
  );

  // BullMQ: a server on Redis (and its own SQLite file, shared with the worker process), then a worker beside it.
  const dataDir = mkdtempSync(join(tmpdir(), 'pictor-bench-jobs-'));
  const port = context.port + 300;
  const queueBase = `http://127.0.0.1:${port}`;
  const env = {
    ...context.env,
    DATA_DIR: dataDir,
    REDIS_URL,
    REDIS_PREFIX: `pictor-bench-${process.pid}:`,
    LOG_LEVEL: 'warn',
    RENDER_THREADS: String(context.threads),
  };
  const children: ChildProcess[] = [];
  try {
    children.push(await start(context.root, 'main', { ...env, PORT: String(port), HOST: '127.0.0.1' }, queueBase));
    const { accountId, apiKey: queueKey } = context.cli(dataDir, 'accounts:create', '--email', 'bench-jobs@example.com', '--plan', 'pro') as {
      accountId: string;
      apiKey: string;
    };
    context.cli(dataDir, 'accounts:set-limits', '--account', accountId, '--monthly', '100000000', '--per-minute', '100000000');
    const queueTemplate = await copyTemplate(base, apiKey, templateId, queueBase, queueKey);
    const one = ROWS / (await runJob(queueBase, queueKey, queueTemplate, rows()));
    context.record(`${ROWS}-row job on BullMQ, the server alone`, `${one.toFixed(1)} rows/s`, (one / batchRate).toFixed(2), '≥ 0.90');
    children.push(await start(context.root, 'worker', env));
    const two = ROWS / (await runJob(queueBase, queueKey, queueTemplate, rows()));
    context.record(`${ROWS}-row job on BullMQ, server + npm run worker`, `${two.toFixed(1)} rows/s`, (two / batchRate).toFixed(2), '≥ 0.90');
  } finally {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
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

/** `node dist/<script>.js`, ready when the server answers /health/ready or the worker says it started. */
async function start(root: string, script: 'main' | 'worker', env: Record<string, string | undefined>, base?: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--max-semi-space-size=4', join(root, 'dist', `${script}.js`)], {
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
