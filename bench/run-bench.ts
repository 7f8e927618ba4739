/**
 * npm run bench: every figure and ratio measured side by side in one run on this machine.
 * Starts Pictor (node dist/main.js) on the embedded SQLite default with a pro account and the
 * contract's sample template, then compares it with the raw drawing pipeline, satori+resvg, and
 * a bare node:http server.
 */
import autocannon from 'autocannon';
import { ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Piscina from 'piscina';
import { FontCollectionLock } from '../src/render/renderer/font-collection-lock';
import 'sharp'; // keep libvips loaded while raw-pipeline workers come and go (sharp #2263)
// Loaded (and its own mimalloc initialized) before configureNativeAllocator() below: the peer runs with its
// defaults. Immediate purging measured ~35 % slower for resvg, while it does not change @napi-rs/canvas.
import '@resvg/resvg-js';
import { configureNativeAllocator } from '../src/render/renderer/native-allocator';
import { BLANK_DRAW_JOB, renderWorkerData } from '../src/render/renderer/render-pool';
import { createTemplateSchema } from '../src/design/template.schema';
import { sampleTemplate } from '../test/support/factories';
import { AUTOCANNON_RUN, describeCpu, measureCpu, recordCpuBound, RENDER_THREADS } from './cpu-accounting';
import { freshSection } from './fresh-bench';
import { ceilingEnvironment, freshRequests, httpFresh, latinTitle as text, rawFresh, scriptTitle as scriptText } from './fresh-load';
import { jobsSection } from './jobs-bench';
import { mean, median } from './statistics';
import { npmScriptNodeArguments } from './npm-script-node';
import { studioSection } from './studio-bench';
import { sustainedSection } from './sustained-bench';

const ROOT = join(__dirname, '..');
// The raw pipeline's workers run with the same allocator setting as the server's.
configureNativeAllocator();
const MEMORY_RENDERS = Number(process.env.BENCH_MEMORY_RENDERS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BATCH_ROUNDS = Number(process.env.BENCH_BATCH_ROUNDS ?? 5);
const QR_RUNS = Number(process.env.BENCH_QR_RUNS ?? 200);
const DOCUMENT_RUNS = Number(process.env.BENCH_DOCUMENT_RUNS ?? 200);
const ZIP_JOB_ROWS = Number(process.env.BENCH_ZIP_JOB_ROWS ?? 10_000);
const PDF_JOB_ROWS = Number(process.env.BENCH_PDF_JOB_ROWS ?? 10_000);
/** BENCH_SECTIONS=cached,batch runs only those parts (fresh, sustained, cached, isolation, memory, batch, qr, documents, jobs, zipjob, pdfjob, studio); default all. */
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? 'fresh,sustained,cached,isolation,memory,batch,qr,documents,jobs,zipjob,pdfjob,studio').split(','));
const PORT = 3900 + Math.floor(Math.random() * 90);
const BASE = `http://127.0.0.1:${PORT}`;

/** §14 bench card: every text layer needs the shipped script fonts and colour emoji. */
const SCRIPT_CARD = {
  name: 'Script card',
  width: 1200,
  height: 630,
  background: '#0f172a',
  publicRender: true,
  layers: [
    { name: 'badge', type: 'rect', x: 80, y: 60, width: 200, height: 44, fill: '#38bdf8', radius: 8 },
    {
      name: 'title',
      type: 'text',
      x: 80,
      y: 130,
      width: 1040,
      height: 220,
      text: 'مرحبا بالعالم — नमस्ते दुनिया 🚀',
      fontSize: 64,
      fontWeight: 'bold',
      color: '#ffffff',
      maxLines: 2,
      autoFit: true,
      minFontSize: 32,
    },
    {
      name: 'subtitle',
      type: 'text',
      x: 80,
      y: 400,
      width: 1040,
      height: 160,
      text: 'हिन्दी में आज की खबरें · أخبار اليوم 👍🏽',
      fontSize: 40,
      color: '#cbd5e1',
      maxLines: 2,
    },
  ],
};
// The benchmark measures the embedded default whatever the shell has set, unless BENCH_PICTOR_DATABASE_URL (and
// BENCH_PICTOR_REDIS_URL) name a database (and a Redis) for Pictor: a fresh, empty database per run.
const { DATABASE_URL: _database, REDIS_URL: _redis, ...SHELL_ENV } = process.env;
const BASE_ENV: NodeJS.ProcessEnv = {
  ...SHELL_ENV,
  ...(process.env.BENCH_PICTOR_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_PICTOR_DATABASE_URL } : {}),
  ...(process.env.BENCH_PICTOR_REDIS_URL ? { REDIS_URL: process.env.BENCH_PICTOR_REDIS_URL } : {}),
};
const rows: Array<[string, string, string, string]> = [];
const record = (what: string, value: string, ratio = '', target = '') => {
  rows.push([what, value, ratio, target]);
  console.log(`  ${what}: ${value}${ratio ? `  (ratio ${ratio}${target ? `, target ${target}` : ''})` : ''}`);
};

const shown = (ratios: number[]) => `${median(ratios).toFixed(2)} (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')})`;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/**
 * Pictor starts exactly as `npm start` runs it (its node flags included), minus the build step.
 * `BENCH_PICTOR_NODE_FLAGS` adds node flags in front (`--cpu-prof --cpu-prof-dir=/tmp/profile` profiles it under the
 * bench's load; the server is then stopped with SIGTERM, so the profile is written).
 */
const EXTRA_NODE_FLAGS = (process.env.BENCH_PICTOR_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const NPM_START_ARGUMENTS = npmScriptNodeArguments(ROOT, 'start');
const START_ARGUMENTS = [...EXTRA_NODE_FLAGS, ...NPM_START_ARGUMENTS];

/** Pictor's environment in the bench (the pipeline ceiling shares it, on its own port). */
const pictorEnvironment = (dataDir: string, port = PORT): Record<string, string> => ({
  ...BASE_ENV,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RENDER_THREADS: String(RENDER_THREADS),
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${IMAGES_PORT}`,
  // The studio section asks for ~100 previews in well under a minute (a person editing asks for fewer).
  PREVIEW_PER_MINUTE: '10000',
});

/** Starts with their module loading timed, after the memory section. */
const START_PHASE_RUNS = 3;

/** Stops a server and waits for its exit (the next one may take its port and data). */
function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Readiness is polled this often: the start-up figure is late by up to this much (it was 200 ms until 2026-11-28). */
const READY_POLL_MS = 20;

/** Pictor started as `npm start` runs it, once /health/ready answers 200; `preload` runs first (`node -r`), `env` is added. */
async function startPictor(dataDir: string, preload?: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const argumentsOf = preload ? ['-r', preload, ...START_ARGUMENTS] : START_ARGUMENTS;
  const child = spawn(process.execPath, argumentsOf, { cwd: ROOT, env: { ...pictorEnvironment(dataDir), ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let waited = 0; waited < 60_000; waited += READY_POLL_MS) {
    if (
      await fetch(`${BASE}/health/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error('Pictor did not become ready');
}

const BARE_PORT = PORT + 100;
/** The bench's own image server (the 100-page document's photos); the server may fetch from it although private. */
const IMAGES_PORT = PORT + 200;

/** A bench server (`script` here) in its own process, once it says it listens. `execArgv`: its node flags (default: this process's). */
async function forkServer(script: string, env: Record<string, string>, execArgv?: string[]): Promise<ChildProcess> {
  const child = fork(join(__dirname, script), { env: { ...BASE_ENV, ...env }, ...(execArgv ? { execArgv } : {}) });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

/** A baseline server in its own process (bare node:http, or the framework ceiling), answering every request with `body`. */
const startBare = (body: string, script = 'bare-server.js', env: Record<string, string> = {}) =>
  forkServer(script, { ...env, BARE_BODY: body, BARE_PORT: String(BARE_PORT) });

function cli(dataDir: string, ...args: string[]): unknown {
  return JSON.parse(execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], { env: { ...BASE_ENV, DATA_DIR: dataDir } }).toString());
}

/** A timed autocannon run; any non-2xx answer or socket error fails the benchmark (a 404 is fast, not a result). */
function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error: Error | null, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0) reject(new Error(`${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
      else resolve(result);
    });
  });
}

const apiFresh = (apiKey: string, templateId: string, format: 'png' | 'jpeg', count: number, connections = RENDER_THREADS * 4, title = text) =>
  httpFresh(BASE, apiKey, templateId, format, count, connections, title);

const CEILING_PORT = PORT + 200;
const CEILING = `http://127.0.0.1:${CEILING_PORT}`;

/** The fresh-render HTTP ceiling (bench/bare-render-server.js) for these designs, by template id; `kill()` it after. */
const startRenderCeiling = (designs: Record<string, unknown>) =>
  // execArgv [] as Pictor runs: not this process's ts-node.
  forkServer('bare-render-server.js', ceilingEnvironment(designs, CEILING_PORT), []);

/** A background flood of fresh renders; `stop()` ends it and resolves to the number of renders it made. */
function freshFlood(apiKey: string, templateId: string) {
  let settle: (result: autocannon.Result) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve) => (settle = resolve));
  const instance = autocannon(
    { url: BASE, connections: RENDER_THREADS * 4, duration: 3600, requests: freshRequests(apiKey, templateId, 'png') },
    (_error, result) => settle(result),
  );
  return {
    async stop(): Promise<number> {
      instance.stop();
      const result = await finished;
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`flood: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      return result.requests.total;
    },
  };
}

async function createTemplateOver(apiKey: string, body: unknown): Promise<string> {
  const response = await fetch(`${BASE}/api/templates`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const created = (await response.json()) as { id: string };
  if (!response.ok) throw new Error(`template creation failed: ${response.status} ${JSON.stringify(created)}`);
  return created.id;
}

/** One fresh render's latency through the API, in ms. */
async function oneRender(apiKey: string, templateId: string, title: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${BASE}/api/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId, layers: { title: { text: title } } }),
  });
  if (!response.ok) throw new Error(`render failed: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

async function main() {
  console.log(
    `Pictor benchmark — ${cpus()[0].model}, ${availableParallelism()} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${RENDER_THREADS} render threads\n`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'pictor-bench-'));
  const server = await startPictor(dataDir);
  process.once('exit', () => server.kill('SIGKILL'));
  const { accountId, apiKey } = cli(dataDir, 'accounts:create', '--email', 'bench@example.com', '--plan', 'pro') as { accountId: string; apiKey: string };
  cli(dataDir, 'accounts:set-limits', '--account', accountId, '--monthly', '100000000', '--per-minute', '100000000');
  const created = await fetch(`${BASE}/api/templates`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(sampleTemplate()),
  }).then((response) => response.json() as Promise<{ id: string }>);
  const templateId: string = created.id;
  const design = createTemplateSchema.parse(sampleTemplate());

  // A pool exists only while it is measured; between its turns its idle workers wait without using CPU.
  const measurePool = async <T>(filename: string, body: (pool: Piscina) => Promise<T>): Promise<T> => {
    // execArgv [] as in the server: inherited, this process's `-r ts-node/register` would load the TypeScript
    // compiler into every worker, and that larger heap measured ~1.5 ms less GC work per render than the
    // server's own workers get (V8 helper threads 0.5 vs 2.0 ms per render, 2026-11-25).
    // Handed what the server's threads are (render-pool.ts): a font collection lock, which the raw pipeline pays for
    // too, and the text drawn at start.
    const workerData = renderWorkerData(FontCollectionLock.create(60_000).shared());
    const pool = new Piscina({ filename, minThreads: RENDER_THREADS, maxThreads: RENDER_THREADS, execArgv: [], workerData });
    try {
      return await body(pool);
    } finally {
      await pool.destroy();
    }
  };
  const RAW_WORKER = join(ROOT, 'dist', 'render', 'renderer', 'render.worker.js');

  try {
    if (SECTIONS.has('fresh'))
      await freshSection({
        base: BASE,
        serverPid: server.pid!,
        dataDir,
        sqlitePath: process.env.BENCH_PICTOR_DATABASE_URL ? null : join(dataDir, 'pictor.sqlite'),
        apiKey,
        latin: { templateId, design },
        script: { templateId: await createTemplateOver(apiKey, SCRIPT_CARD), design: createTemplateSchema.parse(SCRIPT_CARD) },
        forkServer,
        ports: { ceiling: CEILING_PORT, framework: PORT + 300 },
        measurePool,
        rawWorker: RAW_WORKER,
        record,
      });
    if (SECTIONS.has('sustained')) {
      const scriptTemplateId = await createTemplateOver(apiKey, SCRIPT_CARD);
      await sustainedSection({
        base: BASE,
        serverPid: server.pid!,
        startCeiling: () => startRenderCeiling({ [scriptTemplateId]: createTemplateSchema.parse(SCRIPT_CARD) }),
        ceilingBase: CEILING,
        requests: freshRequests(apiKey, scriptTemplateId, 'png', scriptText),
        connections: RENDER_THREADS * 4,
        cannon,
        record,
      });
    }
    if (SECTIONS.has('cached')) await cachedSection();
    if (SECTIONS.has('isolation')) await isolationSection();
    if (SECTIONS.has('batch')) await batchSection();
    if (SECTIONS.has('qr')) await qrSection();
    if (SECTIONS.has('documents')) await documentsSection();
    if (SECTIONS.has('jobs'))
      await jobsSection({
        root: ROOT,
        env: BASE_ENV,
        threads: RENDER_THREADS,
        base: BASE,
        apiKey,
        templateId,
        port: PORT,
        record,
        text,
        serverPid: server.pid!,
      });
    if (SECTIONS.has('zipjob')) await resultJobSection('zip', ZIP_JOB_ROWS);
    if (SECTIONS.has('pdfjob')) await resultJobSection('pdf', PDF_JOB_ROWS);
    if (SECTIONS.has('studio')) await studioSection({ base: BASE, record });
    if (SECTIONS.has('memory')) await memorySection();
  } finally {
    if (server.exitCode === null && EXTRA_NODE_FLAGS.length > 0) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    }
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\n| measure | value | ratio | target |\n|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  process.exit(0);

  /** A render drawn once, so that the returned request is answered from the cache. */
  async function primeCached() {
    const cachedBody = JSON.stringify({ templateId, layers: { title: { text: 'cached benchmark' } } });
    const cachedRequest = {
      url: `${BASE}/api/generate`,
      method: 'POST' as const,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: cachedBody,
    };
    const primed = await fetch(cachedRequest.url, cachedRequest);
    const answer = await primed.text();
    if (!primed.ok) throw new Error(`priming the cached render failed: ${primed.status} ${answer}`);
    const repeat = await fetch(cachedRequest.url, cachedRequest);
    await repeat.text();
    if (repeat.headers.get('x-cache') !== 'HIT') throw new Error(`expected a cached answer, got X-Cache ${repeat.headers.get('x-cache')}`);
    return cachedRequest;
  }

  async function cachedSection() {
    console.log('Cached answers:');
    const cachedRequest = await primeCached();
    const cachedAnswer = await (await fetch(cachedRequest.url, cachedRequest)).text();
    // Each server is warmed for two seconds first (JIT), as the other figures' servers are.
    const warm = (url: string) => cannon({ ...cachedRequest, url, connections: 50, duration: 2 });
    await warm(cachedRequest.url);
    const pictorCached = await measureCpu(server.pid!, AUTOCANNON_RUN, () => cannon({ ...cachedRequest, connections: 50, duration: SECONDS }));
    const cached = pictorCached.result;
    const bare = await startBare(cachedAnswer);
    const bareResult = await cannon({ ...cachedRequest, url: `http://127.0.0.1:${BARE_PORT}/api/generate`, connections: 50, duration: SECONDS }).finally(() =>
      bare.kill(),
    );
    record('Pictor cached POST /api/generate', `${cached.requests.average.toFixed(0)} req/s`);
    record(
      'bare node:http, same JSON',
      `${bareResult.requests.average.toFixed(0)} req/s`,
      (cached.requests.average / bareResult.requests.average).toFixed(2),
      '≥ 0.50',
    );
    const framework = await startBare(cachedAnswer, 'framework-server.ts');
    await warm(`http://127.0.0.1:${BARE_PORT}/api/generate`);
    const frameworkRun = await measureCpu(framework.pid!, AUTOCANNON_RUN, () =>
      cannon({ ...cachedRequest, url: `http://127.0.0.1:${BARE_PORT}/api/generate`, connections: 50, duration: SECONDS }),
    ).finally(() => framework.kill());
    const frameworkResult = frameworkRun.result;
    // The same ceiling without its interceptor, alternating with it: what one interceptor on the route costs.
    const withInterceptor: number[] = [frameworkResult.requests.average];
    const withoutInterceptor: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const off of [true, false]) {
        if (!off && round === 0) continue;
        const server = await startBare(cachedAnswer, 'framework-server.ts', off ? { FRAMEWORK_INTERCEPTOR: 'off' } : {});
        const result = await cannon({ ...cachedRequest, url: `http://127.0.0.1:${BARE_PORT}/api/generate`, connections: 50, duration: SECONDS }).finally(() =>
          server.kill(),
        );
        (off ? withoutInterceptor : withInterceptor).push(result.requests.average);
      }
    }
    const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    record(
      'same ceiling without its interceptor',
      `${average(withoutInterceptor).toFixed(0)} req/s`,
      `with the interceptor ${(average(withInterceptor) / average(withoutInterceptor)).toFixed(2)} of it`,
    );
    record(
      'NestJS + Fastify, empty handler, same JSON (ceiling)',
      `${frameworkResult.requests.average.toFixed(0)} req/s`,
      `${(frameworkResult.requests.average / bareResult.requests.average).toFixed(2)} of bare; Pictor is ${(cached.requests.average / frameworkResult.requests.average).toFixed(2)} of it`,
    );
    recordCpuBound(record, 'cached answer', { subject: [pictorCached.cpu], reference: [frameworkRun.cpu], names: ['Pictor', 'framework ceiling'] }, [
      cached.requests.average / frameworkResult.requests.average,
    ]);
    await pipelineCeiling(cachedRequest, cached.requests.average, frameworkResult.requests.average);
  }

  /**
   * Pictor's own pipeline with a handler that repeats one cached answer (bench/pipeline-server.ts), on this run's
   * data, started with `npm start`'s node flags: splits the gap to the framework ceiling into the pipeline around
   * the handler and the cache hit's own work.
   */
  async function pipelineCeiling(cachedRequest: autocannon.Options, pictorRate: number, frameworkRate: number) {
    const startFlags = NPM_START_ARGUMENTS.filter((argument) => argument.startsWith('-'));
    const pipeline = await forkServer('pipeline-server.ts', pictorEnvironment(dataDir, BARE_PORT), [...startFlags, ...process.execArgv]);
    const url = `http://127.0.0.1:${BARE_PORT}/api/generate`;
    const run = await (async () => {
      await cannon({ ...cachedRequest, url, connections: 50, duration: 2 });
      return measureCpu(pipeline.pid!, AUTOCANNON_RUN, () => cannon({ ...cachedRequest, url, connections: 50, duration: SECONDS }));
    })().finally(() => pipeline.kill('SIGKILL'));
    const rate = run.result.requests.average;
    record(
      "Pictor's pipeline, handler repeating one cached answer",
      `${rate.toFixed(0)} req/s`,
      `${(rate / frameworkRate).toFixed(2)} of the framework ceiling; Pictor's cached answer ${(pictorRate / rate).toFixed(2)} of it`,
    );
    record("CPU per answer: Pictor's pipeline", describeCpu(run.cpu));
  }

  async function isolationSection() {
    console.log('Isolation (cached p99 while fresh renders flood):');
    const cachedRequest = await primeCached();
    const idle = await cannon({ ...cachedRequest, connections: 10, duration: SECONDS });
    const flood = freshFlood(apiKey, templateId);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const busy = await cannon({ ...cachedRequest, connections: 10, duration: SECONDS });
    const floodRenders = await flood.stop();
    record('cached p99 idle', `${idle.latency.p99} ms`);
    record('fresh renders during the flood', `${floodRenders}`);
    record('cached p99 during flood', `${busy.latency.p99} ms`, (busy.latency.p99 / Math.max(idle.latency.p99, 1)).toFixed(2), '≤ 3');
  }

  /** 10 distinct sample cards: one batch vs 10 sequential POST /api/generate, alternating rounds. */
  async function batchSection() {
    console.log('Batch (10 distinct sample cards):');
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const answer = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${answer}`);
      return JSON.parse(answer) as { cached?: boolean; data?: Array<{ cached?: boolean }> };
    };
    const cards = () => Array.from({ length: 10 }, () => ({ templateId, layers: { title: { text: text() } } }));
    await post('/api/generate/batch', { items: cards() });
    const sequential: number[] = [];
    const batched: number[] = [];
    for (let round = 0; round < BATCH_ROUNDS; round++) {
      let started = performance.now();
      for (const card of cards()) await post('/api/generate', card);
      sequential.push(performance.now() - started);
      started = performance.now();
      const answer = await post('/api/generate/batch', { items: cards() });
      batched.push(performance.now() - started);
      if (answer.data?.length !== 10 || answer.data.some((item) => item.cached !== false))
        throw new Error(`batch did not draw 10 cards: ${JSON.stringify(answer)}`);
    }
    const ratios = batched.map((value, index) => value / sequential[index]);
    record('10 sequential POST /api/generate (distinct cards)', `${mean(sequential).toFixed(0)} ms`);
    record('one POST /api/generate/batch of 10 distinct cards', `${mean(batched).toFixed(0)} ms`, shown(ratios), '≤ 0.60');
  }

  /** What a QR layer adds to a render: the sample card drawn in this process with and without one, alternating. */
  async function qrSection() {
    console.log('QR draw cost (sample card, in-process draw + PNG encode):');
    const { drawTemplate } = await import('../src/render/renderer/draw-template');
    const withQr = createTemplateSchema.parse(
      sampleTemplate({ layers: [...sampleTemplate().layers, { name: 'code', type: 'qr', x: 1000, y: 40, width: 160, height: 160, text: 'x' }] }),
    );
    const job = (layers: Array<Record<string, unknown>>, qrText: string) => ({
      design: {
        ...design,
        layers: layers.map((layer) => (layer.name === 'title' ? { ...layer, text: text() } : layer.name === 'code' ? { ...layer, text: qrText } : layer)),
      },
      output: { width: 1200, height: 630, format: 'png' as const, quality: 0 },
      images: new Map(),
    });
    const timed = async (layers: Array<Record<string, unknown>>, qrText: string) => {
      const started = performance.now();
      await drawTemplate(job(layers, qrText) as never);
      return performance.now() - started;
    };
    for (let warm = 0; warm < 10; warm++) {
      await timed(design.layers, '');
      await timed(withQr.layers, `https://pictor.example/c/${warm}`);
    }
    const plain: number[] = [];
    const qr: number[] = [];
    for (let run = 0; run < QR_RUNS; run++) {
      plain.push(await timed(design.layers, ''));
      // A distinct value every time: the per-thread matrix cache never helps, the encoder runs each time.
      qr.push(await timed(withQr.layers, `https://pictor.example/campaign/${run}?utm_source=bench&n=${Math.random().toString(36).slice(2)}`));
    }
    // The added cost is the median of the pairs' differences (each pair drawn back to back), which drift in
    // the machine's speed moves far less than the difference of the two medians.
    const added = median(qr.map((value, index) => value - plain[index]));
    record('sample card draw + PNG, median', `${median(plain).toFixed(2)} ms`);
    record(
      'same with a 160 px QR layer (distinct values), median',
      `${median(qr).toFixed(2)} ms`,
      `${added >= 0 ? '+' : ''}${added.toFixed(2)} ms (median of paired differences)`,
      '≤ +2 ms',
    );
  }

  /** PDF and SVG beside PNG (§21): the sample card drawn in this process in each format, a distinct title each time. */
  async function documentsSection() {
    console.log('Documents (sample card, in-process draw; PNG includes its encode):');
    const { drawTemplate } = await import('../src/render/renderer/draw-template');
    const formats = ['png', 'pdf', 'svg'] as const;
    const timed = async (format: (typeof formats)[number], title: string) => {
      const layers = design.layers.map((layer) => (layer.name === 'title' ? { ...layer, text: title } : layer));
      const started = performance.now();
      await drawTemplate({ design: { ...design, layers }, output: { width: 1200, height: 630, format, quality: 0 }, images: new Map() });
      return performance.now() - started;
    };
    for (let warm = 0; warm < 10; warm++) for (const format of formats) await timed(format, text());
    const times = { png: [] as number[], pdf: [] as number[], svg: [] as number[] };
    // Alternating, each run's three formats with the same title, so drift lands on all three.
    for (let run = 0; run < DOCUMENT_RUNS; run++) {
      const title = text();
      for (const format of formats) times[format].push(await timed(format, title));
    }
    const ratio = (format: 'pdf' | 'svg') => median(times[format].map((value, index) => value / times.png[index]));
    record('sample card PNG (draw + encode), median', `${median(times.png).toFixed(2)} ms`);
    record('same as PDF, median', `${median(times.pdf).toFixed(2)} ms`, `${ratio('pdf').toFixed(2)}× PNG`, '≤ 1× PNG');
    record('same as SVG, median', `${median(times.svg).toFixed(2)} ms`, `${ratio('svg').toFixed(2)}× PNG`, '≤ 1.5× PNG');
    await hundredPages();
  }

  /** POST /api/generate/document with 100 pages of the card, each with its own 1600×1000 photo: time, and the server's RSS. */
  async function hundredPages() {
    const { default: sharp } = await import('sharp');
    const { createServer } = await import('node:http');
    const [width, height] = [1600, 1000];
    // Photo-like: gradients with a little grain (a noise-only JPEG would be a worst case no camera makes).
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const grain = ((x * 7919 + y * 104729) % 17) - 8;
        pixels.set(
          [(x * 255) / width, (y * 255) / height, ((x + y) * 127) / (width + height)].map((value) => Math.min(255, Math.max(0, value + grain))),
          (y * width + x) * 3,
        );
      }
    const photo = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const images = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo));
    await new Promise<void>((resolve) => images.listen(IMAGES_PORT, '127.0.0.1', resolve));
    try {
      const pages = Array.from({ length: 100 }, (_, page) => ({
        templateId,
        layers: { title: { text: `${text()} (page ${page + 1})` }, avatar: { imageUrl: `http://127.0.0.1:${IMAGES_PORT}/photo-${page}.jpg` } },
      }));
      const before = rssMb(server.pid!);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 20);
      const started = performance.now();
      const response = await fetch(`${BASE}/api/generate/document`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pages }),
      });
      const answer = (await response.json()) as { pages?: number; warnings?: unknown[]; imageUrl?: string };
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      if (!response.ok || answer.pages !== 100 || answer.warnings?.length)
        throw new Error(`100-page document failed: ${response.status} ${JSON.stringify(answer)}`);
      const bytes = (await (await fetch(answer.imageUrl!.replace(/^https?:\/\/[^/]+/, BASE))).arrayBuffer()).byteLength;
      record(`100-page document, a ${width}×${height} JPEG a page, fresh`, `${elapsed.toFixed(0)} ms (${(bytes / 2 ** 20).toFixed(1)} MiB PDF)`);
      record('server RSS before / peak during it', `${before.toFixed(0)} MB / ${peak.toFixed(0)} MB`, '', '≤ 500 MB');
    } finally {
      images.close();
    }
  }

  /** Server RSS while a 10,000-row job with output zip (or pdf) runs and its result is streamed into the store (§22: flat). */
  async function resultJobSection(output: 'zip' | 'pdf', jobRows: number) {
    const label = output.toUpperCase();
    // Small images (the sample card at 240×126) so 10,000 rows finish in minutes on 2 cores; the result is what is measured.
    console.log(`${label} job (${jobRows} rows, sample card at 240×126, output ${output}):`);
    const rowsOfJob = Array.from({ length: jobRows }, (_, index) => ({ title: { text: `${label} row ${index} ${text()}` } }));
    const samples: number[] = [];
    // Samples taken once every row is done: the ZIP being streamed into the store.
    const resultSamples: number[] = [];
    let rowsDone = false;
    const sampler = setInterval(() => {
      const rss = rssMb(server.pid!);
      samples.push(rss);
      if (rowsDone) resultSamples.push(rss);
    }, 250);
    // The main thread's V8 heap and external memory, from the server's own /metrics every 5 s: what of the RSS is
    // JavaScript objects (caches, maps) and what is native (Skia in the render threads, buffers, the allocator).
    const parts: Array<{ heap: number; external: number }> = [];
    const partsSampler = setInterval(() => {
      void fetch(`${BASE}/metrics`)
        .then((answer) => answer.text())
        .then((metrics) => {
          const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN) / 2 ** 20;
          parts.push({ heap: value('pictor_nodejs_heap_size_used_bytes'), external: value('pictor_nodejs_external_memory_bytes') });
        })
        .catch(() => undefined);
    }, 5_000);
    const started = performance.now();
    let rowsSeconds = 0;
    const response = await fetch(`${BASE}/api/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId, rows: rowsOfJob, output, width: 240, height: 126 }),
    });
    const created = (await response.json()) as { id: string };
    if (response.status !== 202) throw new Error(`${output} job refused: ${response.status} ${JSON.stringify(created)}`);
    let job: { status: string; progress: number; done: number; failed: number; resultUrl: string | null; resultError: unknown } | undefined;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      job = (await fetch(`${BASE}/api/jobs/${created.id}`, { headers: { authorization: `Bearer ${apiKey}` } }).then((answer) => answer.json())) as typeof job;
      if (!rowsDone && job!.progress === 1) {
        rowsDone = true;
        rowsSeconds = (performance.now() - started) / 1000;
      }
      if (job!.status === 'completed' || job!.status === 'canceled') break;
    }
    clearInterval(sampler);
    clearInterval(partsSampler);
    const seconds = (performance.now() - started) / 1000;
    if (!job!.resultUrl) throw new Error(`${output} job ended without a result: ${JSON.stringify(job)}`);
    const resultBytes = (await fetch(`${BASE}${new URL(job!.resultUrl).pathname}`).then((answer) => answer.arrayBuffer())).byteLength;
    const half = samples.slice(Math.floor(samples.length / 2));
    const growth = (Math.max(...half) - half[0]) / half[0];
    record(`${label} job: rows done / failed, time`, `${job!.done} / ${job!.failed}, ${seconds.toFixed(0)} s (${(jobRows / seconds).toFixed(0)} rows/s)`);
    record(`${label} job: result size, time writing it`, `${(resultBytes / 2 ** 20).toFixed(1)} MiB, ${(seconds - rowsSeconds).toFixed(1)} s`);
    if (resultSamples.length > 0)
      record(
        `${label} job: RSS while the ${label} is written`,
        `${resultSamples[0].toFixed(0)} → max ${Math.max(...resultSamples).toFixed(0)} MB`,
        `${(((Math.max(...resultSamples) - resultSamples[0]) / resultSamples[0]) * 100).toFixed(1)} %`,
      );
    record(
      `${label} job: server RSS at start / peak / end`,
      `${samples[0].toFixed(0)} / ${Math.max(...samples).toFixed(0)} / ${samples.at(-1)!.toFixed(0)} MB`,
    );
    record(
      `${label} job: RSS growth over its second half`,
      `${half[0].toFixed(0)} → max ${Math.max(...half).toFixed(0)} MB`,
      `${(growth * 100).toFixed(1)} %`,
      '≤ 10 %',
    );
    const secondHalf = parts.slice(Math.floor(parts.length / 2));
    if (secondHalf.length > 1)
      record(
        `${label} job: main thread JS heap used / external, second half start → end`,
        `${secondHalf[0].heap.toFixed(0)} → ${secondHalf.at(-1)!.heap.toFixed(0)} MB / ${secondHalf[0].external.toFixed(0)} → ${secondHalf.at(-1)!.external.toFixed(0)} MB`,
      );
  }

  async function memorySection() {
    // A fresh process for the memory measurement, so the figures above do not colour it.
    server.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const startedAt = performance.now();
    const fresh = await startPictor(dataDir);
    try {
      console.log('After a restart (fonts loading):');
      record('start to ready', `${(performance.now() - startedAt).toFixed(0)} ms`);
      const scriptTemplateId = await createTemplateOver(apiKey, SCRIPT_CARD);
      record('first render, script card', `${(await oneRender(apiKey, scriptTemplateId, scriptText())).toFixed(0)} ms`);
      record('first render, Latin card', `${(await oneRender(apiKey, templateId, text())).toFixed(0)} ms`);
      record('second render, script card', `${(await oneRender(apiKey, scriptTemplateId, scriptText())).toFixed(0)} ms`);
      const [first, second] = await firstDrawsAlone(createTemplateSchema.parse(SCRIPT_CARD));
      record('same, drawn by a new render thread alone (raw pool, threads up): first; second', `${first.toFixed(0)} ms; ${second.toFixed(0)} ms`);
      console.log(`Memory (${MEMORY_RENDERS} fresh renders):`);
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(rssMb(fresh.pid!)), 250);
      const started = rssMb(fresh.pid!);
      // Latin and script cards in turns of 250, as traffic mixing scripts would: every script's faces get used.
      for (let done = 0; done < MEMORY_RENDERS; done += 250) {
        const latin = (done / 250) % 2 === 0;
        await apiFresh(
          apiKey,
          latin ? templateId : scriptTemplateId,
          'png',
          Math.min(250, MEMORY_RENDERS - done),
          RENDER_THREADS * 4,
          latin ? text : scriptText,
        );
      }
      clearInterval(sampler);
      const end = rssMb(fresh.pid!);
      const half = samples.slice(Math.floor(samples.length / 2));
      const growth = half[half.length - 1] - half[0];
      record('RSS at start / after renders', `${started.toFixed(0)} MB / ${end.toFixed(0)} MB`, '', '≤ 400 MB');
      record(
        'RSS over second half: range; growth first → last sample',
        `${Math.min(...half).toFixed(0)}–${Math.max(...half).toFixed(0)} MB; ${((100 * growth) / half[0]).toFixed(1)} %`,
        '',
        '≤ 5 %',
      );
    } finally {
      await stopped(fresh);
    }
    await startUpPhases();
  }

  /** The render thread's own part of a first render: a new raw pool, its threads up (a blank drawing each), then two drawings timed. */
  async function firstDrawsAlone(design: { layers: Array<Record<string, unknown>> }): Promise<[number, number]> {
    return measurePool(RAW_WORKER, async (raw) => {
      await Promise.all(Array.from({ length: RENDER_THREADS }, () => raw.run(BLANK_DRAW_JOB)));
      const timed = async () => {
        const startedAt = performance.now();
        await rawFresh(raw, design, 'png', 1, scriptText);
        return performance.now() - startedAt;
      };
      return [await timed(), await timed()];
    });
  }

  /** Where start-up goes: more starts on the same data with bench/start-phases.js preloaded (medians). */
  async function startUpPhases() {
    const file = join(dataDir, 'start-phases.json');
    type Phases = { listenAt: number; mainThreadCpu: number; loading: Record<'packages' | 'pictor' | 'node', number> };
    const runs: Array<Phases & { ready: number }> = [];
    for (let run = 0; run < START_PHASE_RUNS; run++) {
      const startedAt = performance.now();
      const child = await startPictor(dataDir, join(__dirname, 'start-phases.js'), { START_PHASES_FILE: file });
      runs.push({ ready: performance.now() - startedAt, ...(JSON.parse(readFileSync(file, 'utf8')) as Phases) });
      await stopped(child);
    }
    const of = (value: (run: (typeof runs)[number]) => number) => median(runs.map(value)).toFixed(0);
    record(
      `start to ready, where it goes (medians of ${START_PHASE_RUNS} starts, module loading timed)`,
      `${of((run) => run.ready)} ms; port open at ${of((run) => run.listenAt)} ms (main thread's CPU ${of((run) => run.mainThreadCpu)} ms); loading modules ` +
        `${of((run) => run.loading.packages + run.loading.pictor + run.loading.node)} ms (packages ${of((run) => run.loading.packages)}, ` +
        `Pictor's ${of((run) => run.loading.pictor)}, Node's ${of((run) => run.loading.node)})`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
