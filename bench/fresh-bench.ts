import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type Piscina from 'piscina';
import { CpuPerRequest, measureCpu, medianCpu, recordCpuBound, RENDER_THREADS } from './cpu-accounting';
import { bookkeepingCost } from './bookkeeping-probe';
import { fileStoreCost } from './file-store-probe';
import { ceilingEnvironment, Format, httpFresh, latinTitle, peerFresh, rawFresh, scriptTitle } from './fresh-load';
import { mean, median } from './statistics';

type Design = { layers: Array<Record<string, unknown>> };

/** What the fresh section needs from the bench runner. */
export interface FreshBenchContext {
  base: string;
  serverPid: number;
  dataDir: string;
  /** Pictor's SQLite file; null when it runs on another database (then the bookkeeping probe is skipped). */
  sqlitePath: string | null;
  apiKey: string;
  /** The sample card (Latin) and the script card, as templates of the bench account and as designs. */
  latin: { templateId: string; design: Design };
  script: { templateId: string; design: Design };
  /** A bench server (`script` in bench/) in its own process, once it listens; `execArgv` default: the bench's own. */
  forkServer: (script: string, env: Record<string, string>, execArgv?: string[]) => Promise<ChildProcess>;
  /** Two free ports: the HTTP ceiling's and the framework ceiling's. */
  ports: { ceiling: number; framework: number };
  /** Runs `body` with a pool of RENDER_THREADS threads of `filename`, destroyed after. */
  measurePool: <T>(filename: string, body: (pool: Piscina) => Promise<T>) => Promise<T>;
  rawWorker: string;
  record: (what: string, value: string, ratio?: string, target?: string) => void;
}

const FRESH = Number(process.env.BENCH_FRESH ?? 800);
/**
 * Fresh renders each side draws before its rounds, per card and format. Pictor's main thread was still getting
 * faster through the first rounds after 16 (2.25 ms a render in the first round, 1.55 in the last); the ceiling's
 * little code is optimized within a few requests.
 */
const FRESH_WARM_UP = Number(process.env.BENCH_FRESH_WARM_UP ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const TARGET = '≥ 0.92 of the ceiling';

/** One round's rates: Pictor, the framework's fresh ceiling, the HTTP ceiling, the raw pool. */
interface Round {
  api: number;
  framework: number;
  ceiling: number;
  raw: number;
}

/** CPU per request by side, over the rounds. */
interface CpuRuns {
  api: CpuPerRequest[];
  framework: CpuPerRequest[];
  ceiling: CpuPerRequest[];
}

const shown = (ratios: number[]) => `${median(ratios).toFixed(2)} (rounds ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')})`;
const newCpuRuns = (): CpuRuns => ({ api: [], framework: [], ceiling: [] });

/**
 * Fresh renders: Pictor against two ceilings in alternating rounds (Pictor, the framework's ceiling, the HTTP
 * ceiling, the raw pool, …), so that drift in what the shared machine gives lands on every side; each ratio is the
 * median of the per-round ratios. The HTTP ceiling (bare node:http + the raw pool) bounds any API on this machine;
 * the framework's ceiling (NestJS + Fastify with a guard and one interceptor, the same pool) bounds one built on
 * NestJS, so Pictor's own work is the gap between it and Pictor.
 */
export async function freshSection(context: FreshBenchContext): Promise<void> {
  const { apiKey, latin, script, record, measurePool, rawWorker } = context;
  console.log('Fresh renders (1200×630, distinct texts):');
  const perRound = Math.max(RENDER_THREADS * 8, Math.floor(FRESH / ROUNDS));
  const designs = { [latin.templateId]: latin.design, [script.templateId]: script.design };
  const ceilingBase = `http://127.0.0.1:${context.ports.ceiling}`;
  const frameworkBase = `http://127.0.0.1:${context.ports.framework}`;
  // One of each ceiling for the Latin and the script rounds, as one Pictor serves both: their render threads have
  // drawn what Pictor's have when the script rounds begin. A ceiling started just before them had young isolates that
  // had not yet run a full collection: V8 helper threads 0.8–1.0 ms a script card against Pictor's 3.4–3.8.
  // execArgv [] as Pictor's render threads run (the framework ceiling's main thread keeps ts-node, as in `cached`).
  const ceiling = await context.forkServer('bare-render-server.js', ceilingEnvironment(designs, context.ports.ceiling), []);
  const framework = await context.forkServer('framework-server.ts', { ...ceilingEnvironment(designs, context.ports.framework), FRAMEWORK_FRESH: 'on' });
  const sides = (templateId: string, format: Format, count: number, title: () => string) => ({
    api: () => httpFresh(context.base, apiKey, templateId, format, count, RENDER_THREADS * 4, title),
    framework: () => httpFresh(frameworkBase, apiKey, templateId, format, count, RENDER_THREADS * 4, title),
    ceiling: () => httpFresh(ceilingBase, apiKey, templateId, format, count, RENDER_THREADS * 4, title),
  });
  const measured = async (pid: number, into: CpuPerRequest[], work: () => Promise<number>) => {
    // Each run's rate is timed to its last answer (autocannon stops up to a second later).
    const { result, cpu } = await measureCpu(pid, { requests: perRound, activeSeconds: (rate) => perRound / rate }, work);
    into.push(cpu);
    return result;
  };
  /** One round of every side for one card and format. */
  const round = async (card: { templateId: string; design: Design }, format: Format, title: () => string, raw: Piscina, cpu: CpuRuns): Promise<Round> => {
    const run = sides(card.templateId, format, perRound, title);
    const api = await measured(context.serverPid, cpu.api, run.api);
    const frameworkRate = await measured(framework.pid!, cpu.framework, run.framework);
    const ceilingRate = await measured(ceiling.pid!, cpu.ceiling, run.ceiling);
    return { api, framework: frameworkRate, ceiling: ceilingRate, raw: await rawFresh(raw, card.design, format, perRound, title) };
  };
  const warmUp = async (card: { templateId: string; design: Design }, format: Format, title: () => string, raw: Piscina) => {
    const run = sides(card.templateId, format, FRESH_WARM_UP, title);
    for (const side of [run.api, run.framework, run.ceiling]) await side();
    await rawFresh(raw, card.design, format, FRESH_WARM_UP, title);
  };

  const rounds: Record<Format, Round[]> = { png: [], jpeg: [] };
  const peerRounds: Array<[pictor: number, peer: number]> = [];
  const cpu = newCpuRuns();
  const scriptRounds: Round[] = [];
  const scriptCpu = newCpuRuns();
  const storeCosts = [fileStoreCost(context.dataDir)];
  try {
    await measurePool(rawWorker, (raw) =>
      measurePool(join(__dirname, 'satori.worker.js'), async (peer) => {
        for (const format of ['png', 'jpeg'] as const) await warmUp(latin, format, latinTitle, raw);
        await peerFresh(peer, RENDER_THREADS * 8);
        for (let index = 0; index < ROUNDS; index++) {
          for (const format of ['png', 'jpeg'] as const) rounds[format].push(await round(latin, format, latinTitle, raw, cpu));
          peerRounds.push([rounds.png[index].api, await peerFresh(peer, Math.max(RENDER_THREADS * 10, Math.floor(perRound / 2)))]);
        }
      }),
    );
    await measurePool(rawWorker, async (raw) => {
      await warmUp(script, 'png', scriptTitle, raw);
      for (let index = 0; index < ROUNDS; index++) scriptRounds.push(await round(script, 'png', scriptTitle, raw, scriptCpu));
    });
  } finally {
    ceiling.kill();
    framework.kill();
  }
  storeCosts.push(fileStoreCost(context.dataDir));
  const bookkeeping = context.sqlitePath === null ? null : await bookkeepingCost(context.sqlitePath);

  for (const format of ['png', 'jpeg'] as const) recordRounds(record, format.toUpperCase(), rounds[format]);
  recordMainThread(record, 'fresh render (PNG and JPEG rounds)', cpu, '≤ 1.0 ms');
  const latinRounds = [...rounds.png, ...rounds.jpeg];
  for (const reference of REFERENCES) recordAgainst(record, 'fresh render (PNG and JPEG rounds)', cpu, latinRounds, reference);
  console.log('Script card (Arabic, Devanagari, emoji; fresh PNG):');
  recordRounds(record, 'PNG, script card', scriptRounds);
  recordMainThread(record, 'fresh script card', scriptCpu);
  for (const reference of REFERENCES) recordAgainst(record, 'fresh script card', scriptCpu, scriptRounds, reference);
  record(
    'storing one image file on this disk, outside Pictor (create, write 48 KB, close, rename; before and after the fresh rounds)',
    storeCosts.map((cost) => `${(cost.cpuMicroseconds / 1000).toFixed(2)} ms (kernel ${(cost.kernelMicroseconds / 1000).toFixed(2)})`).join('; '),
    '',
    'what every fresh render stores and no HTTP ceiling does',
  );
  record(
    "a fresh render's quota and cache bookkeeping on this machine, outside Pictor (its unit reserved, then committed with its cache row: two SQLite transactions by Pictor's repositories on a snapshot of its database)",
    bookkeeping === null
      ? 'not measured (Pictor is not on SQLite)'
      : `${(bookkeeping.cpuMicroseconds / 1000).toFixed(3)} ms (kernel ${(bookkeeping.kernelMicroseconds / 1000).toFixed(3)})`,
    '',
    "what every fresh render's main thread does and no ceiling does",
  );
  record(
    'satori + resvg PNG (same threads)',
    `${mean(peerRounds.map(([, peer]) => peer)).toFixed(1)} renders/s`,
    shown(peerRounds.map(([pictor, peer]) => pictor / peer)),
    '≥ 2 (Pictor ÷ peer)',
  );
}

/** Pictor, both ceilings and the raw pipeline over the same rounds, and the ratios between them. */
function recordRounds(record: FreshBenchContext['record'], label: string, rounds: Round[]): void {
  const ratios = (of: keyof Round, to: keyof Round) => rounds.map((one) => one[of] / one[to]);
  const rate = (side: keyof Round) => mean(rounds.map((one) => one[side])).toFixed(1);
  record(`Pictor POST /api/generate ${label}`, `${rate('api')} req/s`);
  record(`raw pipeline ${label} (same threads)`, `${rate('raw')} renders/s`, `Pictor ${shown(ratios('api', 'raw'))} of it`);
  record(
    `HTTP ceiling ${label} (bare node:http + the raw pool)`,
    `${rate('ceiling')} req/s`,
    `${shown(ratios('ceiling', 'raw'))} of raw; Pictor ${shown(ratios('api', 'ceiling'))} of it`,
    TARGET,
  );
  record(
    `framework ceiling ${label} (NestJS + Fastify, bearer guard, one interceptor, the raw pool)`,
    `${rate('framework')} req/s`,
    `${shown(ratios('framework', 'ceiling'))} of the HTTP ceiling; Pictor ${shown(ratios('api', 'framework'))} of it`,
  );
}

/** The two ceilings Pictor is compared with, and their names in the output. */
const REFERENCES = ['ceiling', 'framework'] as const;
const REFERENCE_NAMES = { ceiling: 'HTTP ceiling', framework: 'framework ceiling' } as const;

/** Pictor's CPU per request against one ceiling's, and the rate ratio the CPU predicts beside the measured one. */
function recordAgainst(record: FreshBenchContext['record'], label: string, cpu: CpuRuns, rounds: Round[], reference: (typeof REFERENCES)[number]): void {
  recordCpuBound(
    record,
    reference === 'ceiling' ? label : `${label}, against the framework ceiling`,
    { subject: cpu.api, reference: cpu[reference], names: ['Pictor', REFERENCE_NAMES[reference]] },
    rounds.map((one) => one.api / one[reference]),
  );
}

/** Main-thread CPU per fresh render on each side: Pictor's own work on it is the gap to the framework ceiling. */
function recordMainThread(record: FreshBenchContext['record'], label: string, cpu: CpuRuns, target = ''): void {
  const main = (runs: CpuPerRequest[]) => medianCpu(runs).main;
  record(
    `main-thread CPU per ${label}, /proc task stat`,
    `Pictor ${main(cpu.api).toFixed(2)} ms; framework ceiling ${main(cpu.framework).toFixed(2)} ms; HTTP ceiling ${main(cpu.ceiling).toFixed(2)} ms`,
    `Pictor's rounds ${cpu.api.map((value) => value.main.toFixed(2)).join(' ')}; the framework's ${cpu.framework.map((value) => value.main.toFixed(2)).join(' ')}`,
    target,
  );
}
