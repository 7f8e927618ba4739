import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AccountsService } from '../accounts/accounts.service';
import type { Account } from '../accounts/entities/account.entity';
import { settle, type Settled, type SettledPromise } from '../common/async/settle';
import { Clock } from '../common/clock/clock';
import { toErrorResponse } from '../common/errors/error-body';
import { parseOrThrow } from '../common/validation/zod-validation.pipe';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { generateRequestSchema } from '../render/dto/render-request.schema';
import { PrepaidUnit, RenderService, TemplateRenderOptions } from '../render/render.service';
import { runInBackground } from '../render/renderer/render-priority';
import { TemplatesService } from '../templates/templates.service';
import type { Job } from './entities/job.entity';
import { ClaimedItem, ItemOutcome, JobItemsRepository } from './job-items.repository';
import { JobNotifier } from './job-notifier.service';
import { JobsRepository } from './jobs.repository';
import { JobResultWriter } from './results/job-result-writer.service';
import { PassedClaim, RowRecording } from './row-recording';

/** How often the runner looks for rows besides being woken (a new job, a finished row): other instances' jobs, expired claims. */
const POLL_MS = 500;
/** Past a render's own budget, for planning and image fetches: a claim outliving its process is taken again after this. */
const CLAIM_MARGIN_MS = 60_000;
/** When a claim taken now lapses: past the render's budget and the margin. */
export function claimUntil(config: AppConfig, now: Date): Date {
  return new Date(now.getTime() + config.renderTimeoutMs + CLAIM_MARGIN_MS);
}

/** Answers that say the service, not the row, failed (§20): the row goes back to pending and is drawn later. */
const OUTAGE_CODES = new Set(['dependency_unavailable', 'storage_unavailable']);

/** What became of a claimed row: its outcome recorded, handed back to pending (drawn later), or lost to another claim. */
export type RowResult = 'recorded' | 'released' | 'lost';

/** A row's run: what became of it, and the account's next row its claim passed to (taken with the record), if any. */
export interface RowRun {
  result: RowResult;
  next: ClaimedItem | null;
}

/** Jobs' settings never change once created: rows read them from memory (a claim proves the job still active). */
const JOBS_REMEMBERED = 1_000;

/**
 * The in-process engine (§22 without Redis): job state lives in the database; this runner claims rows of
 * active jobs (at most JOB_CONCURRENCY_PER_ACCOUNT live claims per account, across instances) and draws each
 * exactly like POST /api/generate (cached, single-flighted, billed a unit per fresh row), without the
 * per-minute limit. A row whose outcome is recorded is never run again; one claimed by a process that died
 * is taken again once its claim expires, and its drawing, if it was stored, is a cache hit (not billed again).
 * With Redis the claiming loop is the queue engine's (JobLaneWorker); this class still runs each claimed row
 * (runClaimed) and ends jobs (completeIfDone) for both engines.
 */
@Injectable()
export class JobRunnerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobRunnerService.name);
  private readonly running = new Set<SettledPromise<unknown>>();
  private readonly jobsSeen = new LRUCache<string, Job>({ max: JOBS_REMEMBERED });
  /** Claimed rows not yet run whose unit was counted with their claim (RenderService.prepay): it travels with the row. */
  private readonly prepaid = new WeakMap<ClaimedItem, PrepaidUnit>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: SettledPromise<void> | null = null;
  private again = false;
  private stopping = false;

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobsRepository,
    private readonly items: JobItemsRepository,
    private readonly accounts: AccountsService,
    private readonly templates: TemplatesService,
    private readonly renders: RenderService,
    private readonly notifier: JobNotifier,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
    private readonly results: JobResultWriter,
  ) {}

  onApplicationBootstrap(): void {
    this.metrics.readJobRowsPending(() => this.items.pendingTotal());
    if (this.config.redisUrl) return;
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /**
   * Stops claiming, and lets the rows drawing now finish and be recorded (each bounded by RENDER_TIMEOUT).
   * At module destruction, the first shutdown step: before the render pool and the store close under them.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    // A row's run may start more tracked work as it ends (a job's ending, a claim given back): once the runs
    // settle, a turn of the event loop lets their handlers add it before the set is looked at again.
    while (this.running.size > 0) {
      await Promise.all([...this.running]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Looks for rows now (one look at a time; a wake during a look runs another after it). */
  wake(): void {
    if (this.stopping || this.config.redisUrl) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    const tick = settle(this.tick());
    this.ticking = tick;
    void tick.then((outcome) => {
      this.ticking = null;
      if (!outcome.ok) this.logger.warn(`Job runner: ${(outcome.error as Error).message}`);
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async tick(): Promise<void> {
    for (const id of await this.jobs.finishedButActive()) await this.completeIfDone(id);
    for (const accountId of await this.jobs.activeAccounts()) {
      const now = this.clock.now();
      const free = this.config.jobConcurrencyPerAccount - (await this.items.claimedCount(accountId, now));
      if (free <= 0) continue;
      const until = claimUntil(this.config, now);
      for (const candidate of await this.items.claimable(accountId, now, free)) {
        if (this.stopping) return;
        const claimed = await this.items.claim(candidate.jobId, candidate.index, randomUUID(), now, until);
        if (claimed) this.start(claimed);
      }
    }
  }

  /**
   * Runs a claimed row; its claim then passes to the account's next row, run at once (no look needed between
   * rows, so the render thread it frees gets its next drawing sooner). A chain that ends wakes the runner.
   */
  private start(item: ClaimedItem): void {
    void this.runClaimed(item, this.stopping ? undefined : randomUUID()).then(
      // A claim passed on while shutdown began goes back unstarted (runClaimed).
      ({ next }) => (next ? this.start(next) : this.wake()),
      (error: unknown) => {
        this.logger.warn(`Job ${item.jobId} row ${item.index}: ${(error as Error).message}`);
        this.wake();
      },
    );
  }

  /**
   * Runs one claimed row to its outcome (either engine); shutdown waits for it. With `nextToken`, the
   * account's next claimable row is taken under it in the transaction that records this one.
   */
  runClaimed(item: ClaimedItem, nextToken?: string): Promise<RowRun> {
    // A stopping runner starts no row: the claim goes back at once (a lane then yields its slot). Shutdown waits for
    // the runs in flight, and would otherwise wait for every row the lanes, still running, went on to start.
    if (this.stopping) return this.tracked(this.giveBack(item).then((): RowRun => ({ result: 'released', next: null })));
    return this.tracked(this.processWithUnit(item, nextToken));
  }

  /** Gives an unstarted claim back at once, with its row's unit if one was counted ahead. */
  async giveBack(item: ClaimedItem): Promise<void> {
    const unit = this.prepaid.get(item);
    this.prepaid.delete(item);
    await this.items.release(item);
    await unit?.release();
  }

  /** Runs the row; a unit counted ahead for it and not taken by its render (a cache hit, a refused row) goes back after. */
  private async processWithUnit(item: ClaimedItem, nextToken: string | undefined): Promise<RowRun> {
    const unit = this.prepaid.get(item);
    this.prepaid.delete(item);
    try {
      return await this.process(item, nextToken, unit);
    } finally {
      await unit?.release();
    }
  }

  private tracked<T>(work: Promise<T>): Promise<T> {
    const run = settle(work);
    this.running.add(run);
    this.metrics.jobRowsRunning.set(this.running.size);
    return run.then((outcome) => {
      this.running.delete(run);
      this.metrics.jobRowsRunning.set(this.running.size);
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    });
  }

  private async process(item: ClaimedItem, nextToken: string | undefined, unit: PrepaidUnit | undefined): Promise<RowRun> {
    const job = await this.job(item.jobId);
    if (!job) return { result: 'lost', next: null };
    const startedAt = performance.now();
    // Read once: the row's render needs it, and the next row's unit is counted with its claim (without the account, it is not).
    const account = await settle(this.accounts.current(job.accountId));
    const recording = new RowRecording(this.items, item, () => this.passOn(job, account, nextToken));
    // Background work on the render pool: interactive drawings go first (§22 fairness).
    const outcome = await runInBackground(() => this.renderRow(job, account, item, recording.alongside, unit));
    // Stopping: the render pool and the store close under a row drawing now, and its 5xx is the shutdown's, not
    // the row's. A dependency that went away (Redis, the store) is not the row's fault either. Either way the
    // row goes back (its unit was refunded) and is drawn later, by this process or another.
    if (outcome.status === 'failed' && ((this.stopping && Number(outcome.error.statusCode) >= 500) || OUTAGE_CODES.has(String(outcome.error.code)))) {
      await this.items.release(item);
      return { result: 'released', next: null };
    }
    this.metrics.jobRows.inc({ outcome: outcome.status });
    this.metrics.jobRowDuration.observe((performance.now() - startedAt) / 1000);
    const { record, nextUnit } = await recording.finish(outcome);
    const { recorded, next } = record;
    // A claim lost meanwhile (expired and taken by another runner): that runner records the row.
    if (!recorded) return { result: 'lost', next: null };
    // The next row's unit, counted with its claim in a committed transaction, travels with the row.
    if (next && nextUnit?.isCounted) this.prepaid.set(next, nextUnit);
    // Shutdown began while the record was written: the claim passed on goes back at once, inside this run.
    if (next && this.stopping) {
      await this.giveBack(next);
      return { result: 'recorded', next: null };
    }
    // Only the runner recording a job's last pending row goes on to end it (one indexed look instead of three
    // queries per row; none when the claim passed to another row of the same job); the record is committed
    // first, so of two last rows at least the later one sees none left. With a claim in hand (a row of another
    // job), the ending (a ZIP or PDF written) runs beside that row instead of holding it.
    if (next?.jobId !== job.id) {
      const ending = this.endIfLastRow(job.id);
      if (next) void this.tracked(ending);
      else await ending;
    }
    return { result: 'recorded', next };
  }

  /** The claim passed on to the account's next row, taken when the row is recorded (not once shutdown began). */
  private passOn(job: Job, account: Settled<Account>, nextToken: string | undefined): PassedClaim | undefined {
    if (!nextToken || this.stopping) return undefined;
    const now = this.clock.now();
    const unit = account.ok ? this.renders.prepay(account.value) : undefined;
    return { claim: { accountId: job.accountId, token: nextToken, now, until: claimUntil(this.config, now), onClaimed: unit?.body() }, unit };
  }

  /** Ends the job if no row of it is pending; a failure is logged (the sweep of finished jobs ends it later). */
  private async endIfLastRow(jobId: string): Promise<void> {
    try {
      if (!(await this.items.hasPending(jobId))) await this.completeIfDone(jobId);
    } catch (error) {
      this.logger.warn(`Job ${jobId}: could not be ended now (${(error as Error).message}); the runner's sweep ends it`);
    }
  }

  /** The job's settings, from memory after the first row; marked running once (a row claimed after it started finds it running). */
  private async job(id: string): Promise<Job | null> {
    const remembered = this.jobsSeen.get(id);
    if (remembered) return remembered;
    const job = await this.jobs.findById(id);
    if (!job) return null;
    if (job.status === 'queued') await this.jobs.markRunning(job.id, this.clock.now());
    this.jobsSeen.set(id, job);
    return job;
  }

  /** The row as POST /api/generate would answer it: its render, or the error body it would have had. */
  private async renderRow(
    job: Job,
    accountRead: Settled<Account>,
    item: ClaimedItem,
    commitAlongside: TemplateRenderOptions['commitAlongside'],
    prepaid: PrepaidUnit | undefined,
  ): Promise<ItemOutcome> {
    try {
      if (!accountRead.ok) throw accountRead.error;
      const account = accountRead.value;
      const template = await this.templates.getOwned(account.id, job.templateId);
      const request = parseOrThrow(generateRequestSchema, {
        templateId: job.templateId,
        layers: item.layers,
        format: job.format,
        ...(job.width === null ? {} : { width: job.width }),
        ...(job.height === null ? {} : { height: job.height }),
        ...(job.quality === null ? {} : { quality: job.quality }),
      });
      const { response } = await this.renders.renderTemplate(account, template, request, { minuteSlot: false, commitAlongside, prepaid });
      return { status: 'succeeded', imageUrl: response.imageUrl, cached: response.cached, warnings: response.warnings ?? [] };
    } catch (error) {
      const response = toErrorResponse(error);
      if (response.unexpected) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      return { status: 'failed', error: response.body };
    }
  }

  /** The one place a job ends, whichever engine ran its last row (or found it finished after a restart). */
  async completeIfDone(jobId: string): Promise<void> {
    // A job with a result file (output zip) completes once it is written or given up (results/job-result-writer.service.ts).
    const active = await this.jobs.findById(jobId);
    if (!active || !(await this.results.settle(active))) return;
    if (!(await this.jobs.completeIfDone(jobId, this.clock.now()))) return;
    const job = await this.jobs.findById(jobId);
    if (job) await this.notifier.jobEnded(job);
  }
}
