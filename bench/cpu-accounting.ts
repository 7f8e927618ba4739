// Where a request's CPU goes, for the "what bounds it" lines of the bench (issue 29's "Done when"): on a machine
// whose cores are all busy, a server's rate is the cores' time divided by the CPU every request costs, the server's
// and the load generator's together. Measuring both sides' CPU per request shows whether a ratio is bounded by
// that work (the rates' ratio then equals the inverse ratio of CPU per request) or by something else (waiting).
import type autocannon from 'autocannon';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { median } from './statistics';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime and stime of a /proc stat line, in seconds (fields 14 and 15 of stat(5)). */
function userAndSystem(statLine: string): { user: number; system: number } {
  const fields = statLine.slice(statLine.lastIndexOf(') ') + 2).split(' ');
  return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
}

/** CPU seconds of the main thread of process `pid` (its task's own line in /proc). */
function mainThreadCpuSeconds(pid: number): number {
  const { user, system } = userAndSystem(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
  return user + system;
}

/** A process's CPU seconds so far: every thread (live ones, and those that ended), and the main thread alone. */
export interface ProcessCpu {
  user: number;
  system: number;
  main: number;
}

/** Processes `pids` together (a server and its worker process): their threads, and their main threads. */
export function processCpu(pids: readonly number[]): ProcessCpu {
  const total: ProcessCpu = { user: 0, system: 0, main: 0 };
  for (const pid of pids) {
    const { user, system } = userAndSystem(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    total.user += user;
    total.system += system;
    total.main += mainThreadCpuSeconds(pid);
  }
  return total;
}

/** The render threads each server the bench starts runs (RENDER_THREADS, else one per core, as the server's own default). */
export const RENDER_THREADS = Number(process.env.RENDER_THREADS ?? availableParallelism());

/** A live thread's CPU seconds and its name (Node's own threads are all "node"; native libraries name theirs). */
interface ThreadCpu {
  name: string;
  seconds: number;
}

/** Each live thread of the processes, by "pid/tid". */
function threadCpuSeconds(pids: readonly number[]): Map<string, ThreadCpu> {
  const threads = new Map<string, ThreadCpu>();
  for (const pid of pids)
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const { user, system } = userAndSystem(stat);
        threads.set(`${pid}/${tid}`, { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), seconds: user + system });
      } catch {
        // The thread ended between the listing and the read: its time is in the process's total.
      }
    }
  return threads;
}

/**
 * A run's non-main CPU split by thread: the RENDER_THREADS busiest "node" threads of each process are its render
 * threads (nothing else of Node's comes near them while drawings run); the rest are helpers, by thread name: "node"
 * (V8's helpers: concurrent marking, parallel scavenges; libuv's pool: file writes) and what native libraries name
 * theirs (the image encoders' pools). Threads that ended during the run are in neither (their time is in the total).
 */
function renderAndHelpers(
  pids: readonly number[],
  before: Map<string, ThreadCpu>,
  after: Map<string, ThreadCpu>,
): { render: number; helpers: number; helpersByName: { [name: string]: number } } {
  let render = 0;
  let helpers = 0;
  const helpersByName: { [name: string]: number } = {};
  for (const pid of pids) {
    const deltas = [...after]
      .filter(([key]) => key.startsWith(`${pid}/`) && key !== `${pid}/${pid}`)
      .map(([key, thread]) => ({ name: thread.name, seconds: thread.seconds - (before.get(key)?.seconds ?? 0) }))
      .sort((a, b) => b.seconds - a.seconds);
    const renderThreads = deltas.filter((thread) => thread.name === 'node').slice(0, RENDER_THREADS);
    for (const thread of deltas) {
      if (renderThreads.includes(thread)) render += thread.seconds;
      else {
        helpers += thread.seconds;
        helpersByName[thread.name] = (helpersByName[thread.name] ?? 0) + thread.seconds;
      }
    }
  }
  return { render, helpers, helpersByName };
}

/** Seconds every core of the machine has spent busy (not idle nor waiting for I/O), from /proc/stat's first line. */
function machineBusySeconds(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/** This process's CPU seconds (the bench itself: autocannon's client side, the load generator). */
function generatorCpu(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** CPU milliseconds per request, by where they were spent. */
export interface CpuPerRequest {
  /** The server process (or processes), every thread. */
  total: number;
  /** Its main thread (HTTP, framework, database, bookkeeping). */
  main: number;
  /** Its other threads (render threads, libuv's pool, V8's helpers). */
  others: number;
  /** Of `others`: the render threads (each process's RENDER_THREADS busiest). */
  render: number;
  /** Of `others`: the rest (V8's GC helpers, libuv's pool, native libraries' pools). */
  helpers: number;
  /** `helpers` by thread name ("node": V8's and libuv's; others as native libraries name their threads). */
  helpersByName: { [name: string]: number };
  /** Kernel time of the server process (sockets, files), included in total. */
  system: number;
  /** The load generator (this bench process). */
  generator: number;
  /** Cores busy on average while the run was active, server and generator together, of the machine's. */
  busyCores: number;
  /** Cores busy on average while the run was active, whatever ran on them (other work on the machine shows here). */
  machineBusyCores: number;
  /** How busy the server's main thread was while the run was active (1: all the time; with several processes, the busiest's share is not told apart). */
  mainBusy: number;
}

/** How many requests a measured run made, and for how long they kept the machine busy (from the run's result). */
export interface MeasuredRun<T> {
  requests: number | ((result: T) => number);
  /** Seconds from the first request to the last answer, when the run's own timing says (default: the call's duration). */
  activeSeconds?: (result: T) => number;
}

/** What an autocannon run made: its answers over its own duration. */
export const AUTOCANNON_RUN: MeasuredRun<autocannon.Result> = { requests: (result) => result.requests.total, activeSeconds: (result) => result.duration };

/** Runs `work`, which makes requests of the server `pid` (or of several processes together), and measures the CPU they cost. */
export async function measureCpu<T>(pid: number | readonly number[], run: MeasuredRun<T>, work: () => Promise<T>): Promise<{ result: T; cpu: CpuPerRequest }> {
  const pids = typeof pid === 'number' ? [pid] : pid;
  const before = processCpu(pids);
  const threadsBefore = threadCpuSeconds(pids);
  const generatorBefore = generatorCpu();
  const machineBefore = machineBusySeconds();
  const started = performance.now();
  const result = await work();
  const elapsed = (performance.now() - started) / 1000;
  const seconds = run.activeSeconds ? Math.min(elapsed, run.activeSeconds(result)) : elapsed;
  const after = processCpu(pids);
  const { render, helpers, helpersByName } = renderAndHelpers(pids, threadsBefore, threadCpuSeconds(pids));
  const generator = generatorCpu() - generatorBefore;
  const total = after.user + after.system - before.user - before.system;
  const main = after.main - before.main;
  const requests = typeof run.requests === 'number' ? run.requests : run.requests(result);
  const perRequest = (value: number) => (value * 1000) / requests;
  return {
    result,
    cpu: {
      total: perRequest(total),
      main: perRequest(main),
      others: perRequest(total - main),
      render: perRequest(render),
      helpers: perRequest(helpers),
      helpersByName: Object.fromEntries(Object.entries(helpersByName).map(([name, seconds]) => [name, perRequest(seconds)])),
      system: perRequest(after.system - before.system),
      generator: perRequest(generator),
      busyCores: (total + generator) / seconds,
      machineBusyCores: (machineBusySeconds() - machineBefore) / seconds,
      mainBusy: main / pids.length / seconds,
    },
  };
}

/** Per-field medians of several runs' figures. */
export function medianCpu(runs: CpuPerRequest[]): CpuPerRequest {
  const field = (key: Exclude<keyof CpuPerRequest, 'helpersByName'>) => median(runs.map((run) => run[key]));
  return {
    total: field('total'),
    main: field('main'),
    others: field('others'),
    render: field('render'),
    helpers: field('helpers'),
    helpersByName: Object.fromEntries(
      [...new Set(runs.flatMap((run) => Object.keys(run.helpersByName)))].map((name) => [name, median(runs.map((run) => run.helpersByName[name] ?? 0))]),
    ),
    system: field('system'),
    generator: field('generator'),
    busyCores: field('busyCores'),
    machineBusyCores: field('machineBusyCores'),
    mainBusy: field('mainBusy'),
  };
}

/**
 * The ratios of rates that CPU alone predicts: when the cores are saturated, the reference's CPU per request
 * (server + generator) over the subject's; when each server's main thread is (one thread, busy all the time),
 * the reference's main-thread CPU per request over the subject's.
 */
export function cpuPredictedRatios(subject: CpuPerRequest, reference: CpuPerRequest): { cores: number; mainThread: number } {
  return { cores: (reference.total + reference.generator) / (subject.total + subject.generator), mainThread: reference.main / subject.main };
}

/** One line: "1.91 ms (main 1.38, other threads 0.49: render 0.40, helpers 0.09; kernel 0.20 of it) + generator 0.31 ms; …". */
export function describeCpu(cpu: CpuPerRequest): string {
  return (
    `${cpu.total.toFixed(2)} ms (main ${cpu.main.toFixed(2)}, other threads ${cpu.others.toFixed(2)}: render ${cpu.render.toFixed(2)}, helpers ${cpu.helpers.toFixed(2)}` +
    ` [${Object.entries(cpu.helpersByName)
      .filter(([, ms]) => ms >= 0.005)
      .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
      .join(', ')}];` +
    ` kernel ${cpu.system.toFixed(2)} of it)` +
    ` + generator ${cpu.generator.toFixed(2)} ms; cores busy: ${cpu.busyCores.toFixed(2)} with them, ${cpu.machineBusyCores.toFixed(2)} in all, of ${availableParallelism()};` +
    ` main thread busy ${Math.round(cpu.mainBusy * 100)} %`
  );
}

/** A bench's `record(what, value, ratio?)`. */
type Record = (what: string, value: string, ratio?: string) => void;

/**
 * What bounds a ratio: CPU per request on both sides (server threads and the load generator) and the ratio of
 * rates it predicts on saturated cores, beside the measured one. Equal: the gap is the extra work per request.
 */
export function recordCpuBound(
  record: Record,
  label: string,
  compared: { subject: CpuPerRequest[]; reference: CpuPerRequest[]; names: [subject: string, reference: string] },
  measuredRatios: number[],
): void {
  const subject = medianCpu(compared.subject);
  const reference = medianCpu(compared.reference);
  const [subjectName, referenceName] = compared.names;
  const predicted = cpuPredictedRatios(subject, reference);
  record(`CPU per ${label}: ${subjectName}`, describeCpu(subject));
  record(`CPU per ${label}: ${referenceName}`, describeCpu(reference));
  record(
    `${label}: the ratio of rates CPU per request predicts (if the cores are what is saturated; if the main threads are), and the measured one`,
    `predicted ${predicted.cores.toFixed(2)}; ${predicted.mainThread.toFixed(2)}; measured ${median(measuredRatios).toFixed(2)}`,
    `${subjectName}: ${(subject.total - reference.total).toFixed(2)} ms a request more: main threads ${(subject.main - reference.main).toFixed(2)},` +
      ` render threads ${(subject.render - reference.render).toFixed(2)}, helpers ${(subject.helpers - reference.helpers).toFixed(2)}`,
  );
}
