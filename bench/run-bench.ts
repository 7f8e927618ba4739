/**
 * npm run bench: every figure and ratio measured side by side in one run on this machine.
 * Starts Pictor (node dist/main.js) on the embedded SQLite default with a pro account and the
 * contract's sample template, then compares it with the raw drawing pipeline, satori+resvg, and
 * a bare node:http server.
 */
import autocannon from 'autocannon';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Piscina from 'piscina';
import 'sharp'; // keep libvips loaded while raw-pipeline workers come and go (sharp #2263)
import { createTemplateSchema } from '../src/templates/dto/template.schema';
import { sampleTemplate } from '../test/support/factories';

const ROOT = join(__dirname, '..');
const THREADS = Number(process.env.RENDER_THREADS ?? availableParallelism());
const FRESH = Number(process.env.BENCH_FRESH ?? 400);
const MEMORY_RENDERS = Number(process.env.BENCH_MEMORY_RENDERS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = 3900 + Math.floor(Math.random() * 90);
const BASE = `http://127.0.0.1:${PORT}`;

let unique = 0;
const text = () => `Benchmark card number ${++unique} — ${Math.random().toString(36).slice(2)}`;
// The benchmark always measures the embedded default, whatever the shell has set.
const { DATABASE_URL: _database, REDIS_URL: _redis, ...BASE_ENV } = process.env;
const rows: Array<[string, string, string, string]> = [];
const record = (what: string, value: string, ratio = '', target = '') => {
  rows.push([what, value, ratio, target]);
  console.log(`  ${what}: ${value}${ratio ? `  (ratio ${ratio}${target ? `, target ${target}` : ''})` : ''}`);
};

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function startPictor(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    env: { ...BASE_ENV, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RENDER_THREADS: String(THREADS) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; waited < 60_000; waited += 200) {
    if (await fetch(`${BASE}/health/ready`).then((response) => response.ok, () => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Pictor did not become ready');
}

function cli(dataDir: string, ...args: string[]) {
  return JSON.parse(execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], { env: { ...BASE_ENV, DATA_DIR: dataDir } }).toString());
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const freshRequests = (apiKey: string, templateId: string, format: 'png' | 'jpeg'): autocannon.Request[] => [
  {
    method: 'POST',
    path: '/api/generate',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ templateId, format, layers: { title: { text: text() } } }) }),
  },
];

/**
 * Fresh renders through the API: `count` requests, each with its own text. Timed to the last
 * response: autocannon itself only notices `amount` on its one-second tick, which would round
 * every run up to whole seconds.
 */
async function apiFresh(apiKey: string, templateId: string, format: 'png' | 'jpeg', count: number, connections = THREADS * 4) {
  const started = performance.now();
  let lastResponseAt = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: BASE, connections, amount: count, requests: freshRequests(apiKey, templateId, format) }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', () => (lastResponseAt = performance.now()));
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`fresh renders failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return count / ((lastResponseAt - started) / 1000);
}

/** A background flood of fresh renders, until stopped. */
function freshFlood(apiKey: string, templateId: string) {
  return autocannon({ url: BASE, connections: THREADS * 4, duration: 3600, requests: freshRequests(apiKey, templateId, 'png') }, () => undefined);
}

/** Runs `count` pool tasks over THREADS × 4 concurrent lanes (as many as the API's connections); returns tasks/s. */
async function poolThroughput(pool: Piscina, count: number, task: () => unknown) {
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next++;
      await pool.run(task());
    }
  };
  await Promise.all(Array.from({ length: THREADS * 4 }, lane));
  return count / ((performance.now() - started) / 1000);
}

/** The same drawing with the same worker code and thread count, called directly (no HTTP, no cache, no storage). */
const rawFresh = (pool: Piscina, design: { layers: Array<Record<string, unknown>> }, format: 'png' | 'jpeg', count: number) =>
  poolThroughput(pool, count, () => ({
    design: { ...design, layers: design.layers.map((layer) => (layer.name === 'title' ? { ...layer, text: text() } : layer)) },
    output: { width: 1200, height: 630, format, quality: 85 },
    images: {},
  }));

const peerFresh = (pool: Piscina, count: number) => poolThroughput(pool, count, () => ({ text: text() }));

async function main() {
  console.log(`Pictor benchmark — ${cpus()[0].model}, ${availableParallelism()} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${THREADS} render threads\n`);
  const dataDir = mkdtempSync(join(tmpdir(), 'pictor-bench-'));
  const server = await startPictor(dataDir);
  const bare = createServer();
  try {
    const { accountId, apiKey } = cli(dataDir, 'accounts:create', '--email', 'bench@example.com', '--plan', 'pro');
    cli(dataDir, 'accounts:set-limits', '--account', accountId, '--monthly', '100000000', '--per-minute', '100000000');
    const created = await fetch(`${BASE}/api/templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(sampleTemplate()),
    }).then((response) => response.json() as Promise<{ id: string }>);
    const templateId: string = created.id;
    const design = createTemplateSchema.parse(sampleTemplate());

    // Each pipeline runs alone (other pools not even started), after its own warm-up.
    const measurePool = async <T>(filename: string, body: (pool: Piscina) => Promise<T>): Promise<T> => {
      const pool = new Piscina({ filename, minThreads: THREADS, maxThreads: THREADS });
      try {
        return await body(pool);
      } finally {
        await pool.destroy();
      }
    };
    const RAW_WORKER = join(ROOT, 'dist', 'render', 'renderer', 'render.worker.js');

    console.log('Fresh renders (1200×630, distinct texts):');
    await apiFresh(apiKey, templateId, 'png', THREADS * 8);
    const apiPng = await apiFresh(apiKey, templateId, 'png', FRESH);
    const apiJpeg = await apiFresh(apiKey, templateId, 'jpeg', FRESH);
    const [rawPng, rawJpeg] = await measurePool(RAW_WORKER, async (pool) => {
      await rawFresh(pool, design, 'png', THREADS * 8);
      return [await rawFresh(pool, design, 'png', FRESH), await rawFresh(pool, design, 'jpeg', FRESH)];
    });
    const peerPng = await measurePool(join(__dirname, 'satori.worker.js'), async (pool) => {
      await peerFresh(pool, THREADS * 8);
      return peerFresh(pool, Math.max(THREADS * 10, Math.floor(FRESH / 2)));
    });
    record('Pictor POST /api/generate PNG', `${apiPng.toFixed(1)} req/s`);
    record('raw pipeline PNG (same threads)', `${rawPng.toFixed(1)} renders/s`, (apiPng / rawPng).toFixed(2), '≥ 0.90');
    record('Pictor POST /api/generate JPEG', `${apiJpeg.toFixed(1)} req/s`);
    record('raw pipeline JPEG (same threads)', `${rawJpeg.toFixed(1)} renders/s`, (apiJpeg / rawJpeg).toFixed(2), '≥ 0.90');
    record('satori + resvg PNG (same threads)', `${peerPng.toFixed(1)} renders/s`, (apiPng / peerPng).toFixed(2), '≥ 2 (Pictor ÷ peer)');

    console.log('Cached answers:');
    const cachedBody = JSON.stringify({ templateId, layers: { title: { text: 'cached benchmark' } } });
    const primed = await fetch(`${BASE}/api/generate`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: cachedBody });
    const answer = await primed.text();
    const cachedRequest = { url: BASE, method: 'POST' as const, path: '/api/generate', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: cachedBody };
    const cached = await cannon({ ...cachedRequest, connections: 50, duration: SECONDS });
    const cachedAnswer = JSON.stringify({ ...JSON.parse(answer), cached: true });
    bare.on('request', (request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(cachedAnswer));
    });
    await new Promise<void>((resolve) => bare.listen(PORT + 100, '127.0.0.1', resolve));
    const bareResult = await cannon({ ...cachedRequest, url: `http://127.0.0.1:${PORT + 100}`, connections: 50, duration: SECONDS });
    record('Pictor cached POST /api/generate', `${cached.requests.average.toFixed(0)} req/s`);
    record('bare node:http, same JSON', `${bareResult.requests.average.toFixed(0)} req/s`, (cached.requests.average / bareResult.requests.average).toFixed(2), '≥ 0.50');

    console.log('Isolation (cached p99 while fresh renders flood):');
    const idle = await cannon({ ...cachedRequest, connections: 10, duration: SECONDS });
    const flood = freshFlood(apiKey, templateId);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const busy = await cannon({ ...cachedRequest, connections: 10, duration: SECONDS });
    flood.stop();
    record('cached p99 idle', `${idle.latency.p99} ms`);
    record('cached p99 during flood', `${busy.latency.p99} ms`, (busy.latency.p99 / Math.max(idle.latency.p99, 1)).toFixed(2), '≤ 3');

    // A fresh process for the memory measurement, so the figures above do not colour it.
    server.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const fresh = await startPictor(dataDir);
    try {
      console.log(`Memory (${MEMORY_RENDERS} fresh renders):`);
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(rssMb(fresh.pid!)), 250);
      const started = rssMb(fresh.pid!);
      await apiFresh(apiKey, templateId, 'png', MEMORY_RENDERS);
      clearInterval(sampler);
      const end = rssMb(fresh.pid!);
      const half = samples.slice(Math.floor(samples.length / 2));
      const growth = Math.max(...half) - Math.min(...half);
      record('RSS at start / after renders', `${started.toFixed(0)} MB / ${end.toFixed(0)} MB`, '', '≤ 400 MB');
      record('RSS range over second half', `${Math.min(...half).toFixed(0)}–${Math.max(...half).toFixed(0)} MB (${growth.toFixed(0)} MB)`, '', 'flat');
    } finally {
      fresh.kill('SIGTERM');
    }
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL');
    bare.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\n| measure | value | ratio | target |\n|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
