import type autocannon from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { AUTOCANNON_RUN, CpuPerRequest, measureCpu, medianCpu, recordCpuBound } from './cpu-accounting';
import { median } from './statistics';

/** What the sustained section needs from the bench runner. */
export interface SustainedBenchContext {
  /** The running server and its process id (its CPU is read from /proc). */
  base: string;
  serverPid: number;
  /** The HTTP ceiling for the same card, started for the section and killed after it, and where it listens. */
  startCeiling: () => Promise<ChildProcess>;
  ceilingBase: string;
  /** The fresh section's script-card requests: a distinct title each, so every one is drawn (no cache hit). */
  requests: autocannon.Request[];
  connections: number;
  /** The bench's timed autocannon run that fails on any non-2xx answer or socket error. */
  cannon: (options: autocannon.Options) => Promise<autocannon.Result>;
  record: (what: string, value: string, ratio?: string, target?: string) => void;
}

/** Seconds each side is measured for in a round, after its warm-up. */
const SUSTAINED_SECONDS = Number(process.env.BENCH_SUSTAINED_SECONDS ?? 20);
/** Seconds each side runs under the same load, not counted, right before its measured run. */
const WARM_UP_SECONDS = Number(process.env.BENCH_SUSTAINED_WARM_UP_SECONDS ?? 5);
/** Rounds, each Pictor then the ceiling. */
const SUSTAINED_ROUNDS = Math.max(2, Number(process.env.BENCH_SUSTAINED_ROUNDS ?? 2));

/** One side's measured run: its rate, latency and CPU per request. */
interface SideRun {
  rate: number;
  p50: number;
  p99: number;
  cpu: CpuPerRequest;
}

const perThread = (cpu: CpuPerRequest) =>
  `main ${cpu.main.toFixed(2)}, render ${cpu.render.toFixed(2)}, helpers ${Object.entries(cpu.helpersByName)
    .filter(([, ms]) => ms >= 0.005)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(', ')} ms a card`;

const describeRun = (name: string, run: SideRun) =>
  `${name} ${run.rate.toFixed(1)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms (${perThread(run.cpu)};` +
  ` cores busy ${run.cpu.busyCores.toFixed(2)} with the generator, ${run.cpu.machineBusyCores.toFixed(2)} in all)`;

/**
 * Fresh script cards under continuous load: Pictor and the HTTP ceiling in turns (Pictor, ceiling, Pictor, …), each
 * turn a warm-up and then a measured run of the same load, so each side's isolates are measured at the size a
 * sustained load gives them (the fresh section's short rounds, with idle gaps, measure them small).
 */
export async function sustainedSection(context: SustainedBenchContext): Promise<void> {
  console.log(
    `Sustained script cards (fresh PNG, ${context.connections} connections; each turn ${WARM_UP_SECONDS} s warm-up + ${SUSTAINED_SECONDS} s measured, ${SUSTAINED_ROUNDS} rounds):`,
  );
  const side = async (url: string, pid: number): Promise<SideRun> => {
    const options = { url, connections: context.connections, requests: context.requests };
    await context.cannon({ ...options, duration: WARM_UP_SECONDS });
    const { result, cpu } = await measureCpu(pid, AUTOCANNON_RUN, () => context.cannon({ ...options, duration: SUSTAINED_SECONDS }));
    return { rate: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99, cpu };
  };
  const rounds: Array<{ api: SideRun; ceiling: SideRun }> = [];
  const ceiling = await context.startCeiling();
  try {
    for (let round = 0; round < SUSTAINED_ROUNDS; round++) {
      const api = await side(context.base, context.serverPid);
      const bare = await side(context.ceilingBase, ceiling.pid!);
      rounds.push({ api, ceiling: bare });
      console.log(`  round ${round + 1}: ${describeRun('Pictor', api)}; ${describeRun('HTTP ceiling', bare)}; ratio ${(api.rate / bare.rate).toFixed(2)}`);
    }
  } finally {
    ceiling.kill();
  }
  const ratios = rounds.map((round) => round.api.rate / round.ceiling.rate);
  const of = (name: 'api' | 'ceiling') => rounds.map((round) => round[name]);
  const values = (name: 'api' | 'ceiling', key: 'rate' | 'p50' | 'p99') => of(name).map((run) => run[key]);
  const listed = (numbers: number[], digits: number) => numbers.map((value) => value.toFixed(digits)).join(' ');
  const described = (name: 'api' | 'ceiling') =>
    `${median(values(name, 'rate')).toFixed(1)} req/s (rounds ${listed(values(name, 'rate'), 1)});` +
    ` p50 ${median(values(name, 'p50'))} ms, p99 ${median(values(name, 'p99'))} ms (rounds ${listed(values(name, 'p99'), 0)})`;
  context.record(`Pictor POST /api/generate, script card, sustained ${SUSTAINED_SECONDS} s (median of rounds)`, described('api'));
  context.record(
    `HTTP ceiling, script card, sustained ${SUSTAINED_SECONDS} s (median of rounds)`,
    described('ceiling'),
    `Pictor ${median(ratios).toFixed(2)} of it (rounds ${listed(ratios, 2)})`,
    '≥ 0.92 of the ceiling',
  );
  context.record(
    'sustained script card, CPU per card by thread (median of rounds): Pictor; HTTP ceiling',
    `${perThread(medianCpu(of('api').map((run) => run.cpu)))}; ${perThread(medianCpu(of('ceiling').map((run) => run.cpu)))}`,
  );
  recordCpuBound(
    context.record,
    'sustained script card',
    { subject: of('api').map((run) => run.cpu), reference: of('ceiling').map((run) => run.cpu), names: ['Pictor', 'HTTP ceiling'] },
    ratios,
  );
}
