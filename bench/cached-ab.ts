// Two or more builds of Pictor side by side on one cached answer, alternating, for a change too small for the bench's
// noise: `TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register bench/cached-ab.ts <rounds> <seconds> <dist folder> <dist folder> ...`. Each round starts
// each build in turn on the same data (embedded SQLite, `npm start`'s node flags), warms it for 2 s, then measures
// POST /api/generate's cached answer with 50 connections: requests a second and the server's main-thread CPU a
// request (/proc). A build's folder must sit where it finds node_modules (copy dist/ to node_modules/.dist-x, say).
// AB_FLAGS adds node flags (e.g. `--cpu-prof --cpu-prof-dir=/tmp/profile`; the server is stopped with SIGTERM).
import autocannon from 'autocannon';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { npmScriptNodeArguments } from './npm-script-node';

const ROOT = join(__dirname, '..');
const [rounds, seconds, ...builds] = [Number(process.argv[2]), Number(process.argv[3]), ...process.argv.slice(4)];
const PORT = 3977;
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'pictor-cached-ab-'));
const { DATABASE_URL: _database, REDIS_URL: _redis, ...shell } = process.env;
const env = { ...shell, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RENDER_THREADS: '2' };
const nodeFlags = [
  ...npmScriptNodeArguments(ROOT, 'start').filter((argument) => argument.startsWith('-')),
  ...(process.env.AB_FLAGS ?? '').split(' ').filter(Boolean),
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cannon = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(options, (error: Error | null, result) => (error ? reject(error) : resolve(result))));

async function start(build: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags, join(build, 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (
      await fetch(`${BASE}/health/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return child;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${build} did not become ready`);
}
const stop = (child: ChildProcess) =>
  new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
/** The main thread's user + system CPU so far, in ms (clock ticks of 10 ms). */
function mainThreadMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  let server = await start(builds[0]);
  const cli = (...args: string[]) =>
    JSON.parse(execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], { env }).toString()) as Record<string, string>;
  const { accountId, apiKey } = cli('accounts:create', '--email', 'ab@example.com', '--plan', 'pro');
  cli('accounts:set-limits', '--account', accountId, '--monthly', '100000000', '--per-minute', '100000000');
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const design = {
    name: 'ab',
    width: 1200,
    height: 630,
    background: '#ffffff',
    layers: [{ type: 'text', name: 'title', text: 'x', x: 40, y: 40, width: 1000, height: 200, fontSize: 60 }],
  };
  const template = (await (await fetch(`${BASE}/api/templates`, { method: 'POST', headers, body: JSON.stringify(design) })).json()) as { id: string };
  const request: autocannon.Options & { url: string; body: string; headers: Record<string, string> } = {
    url: `${BASE}/api/generate`,
    method: 'POST',
    headers,
    body: JSON.stringify({ templateId: template.id, layers: { title: { text: 'cached' } } }),
  };
  await fetch(request.url, request);
  await stop(server);
  const results = builds.map((): Array<{ rate: number; microseconds: number }> => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, build] of builds.entries()) {
      server = await start(build);
      try {
        const answer = (await (await fetch(request.url, request)).json()) as { cached?: boolean };
        if (answer.cached !== true) throw new Error(`${build}: not a cached answer: ${JSON.stringify(answer)}`);
        await cannon({ ...request, connections: 50, duration: 2 });
        const before = mainThreadMs(server.pid!);
        const result = await cannon({ ...request, connections: 50, duration: seconds });
        const microseconds = (1000 * (mainThreadMs(server.pid!) - before)) / result.requests.total;
        if (result.non2xx) throw new Error(`${build}: ${result.non2xx} answers were not 2xx`);
        results[index].push({ rate: result.requests.average, microseconds });
        console.log(`round ${round} ${basename(build)}: ${result.requests.average.toFixed(0)} req/s, main thread ${microseconds.toFixed(1)} µs a request`);
      } finally {
        await stop(server);
      }
    }
  }
  for (const [index, build] of builds.entries()) {
    const rate = median(results[index].map((result) => result.rate));
    console.log(
      `${basename(build)}: median ${rate.toFixed(0)} req/s, main thread ${median(results[index].map((result) => result.microseconds)).toFixed(1)} µs a request`,
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
