import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AccountsService } from '../accounts/accounts.service';
import { settle, type SettledPromise } from '../common/async/settle';
import { Clock } from '../common/clock/clock';
import { toErrorResponse } from '../common/errors/error-body';
import { parseOrThrow } from '../common/validation/zod-validation.pipe';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { generateRequestSchema } from '../render/dto/render-request.schema';
import { RenderService } from '../render/render.service';
import { TemplatesService } from '../templates/templates.service';
import type { Job } from './entities/job.entity';
import { ClaimedItem, ItemOutcome, JobItemsRepository } from './job-items.repository';
import { JobNotifier } from './job-notifier.service';
import { JobsRepository } from './jobs.repository';
import { JobResultWriter } from './results/job-result-writer.service';

/** How often the runner looks for rows besides being woken (a new job, a finished row): other instances' jobs, expired claims. */
const POLL_MS = 500;
/** Past a render's own budget, for planning and image fetches: a claim outliving its process is taken again after this. */
const CLAIM_MARGIN_MS = 60_000;

/**
 * The in-process engine (§22 without Redis): job state lives in the database; this runner claims rows of
 * active jobs (at most JOB_CONCURRENCY_PER_ACCOUNT live claims per account, across instances) and draws each
 * exactly like POST /api/generate (cached, single-flighted, billed a unit per fresh row), without the
 * per-minute limit. A row whose outcome is recorded is never run again; one claimed by a process that died
 * is taken again once its claim expires, and its drawing, if it was stored, is a cache hit (not billed again).
 */
@Injectable()
export class JobRunnerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobRunnerService.name);
  private readonly running = new Set<SettledPromise<void>>();
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
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Stops claiming, and lets the rows drawing now finish and be recorded (each bounded by RENDER_TIMEOUT). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    await Promise.all([...this.running]);
  }

  /** Looks for rows now (one look at a time; a wake during a look runs another after it). */
  wake(): void {
    if (this.stopping) return;
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
      const until = new Date(now.getTime() + this.config.renderTimeoutMs + CLAIM_MARGIN_MS);
      for (const candidate of await this.items.claimable(accountId, now, free)) {
        if (this.stopping) return;
        const claimed = await this.items.claim(candidate.jobId, candidate.index, randomUUID(), now, until);
        if (claimed) this.start(claimed);
      }
    }
  }

  private start(item: ClaimedItem): void {
    const run = settle(this.process(item));
    this.running.add(run);
    this.metrics.jobRowsRunning.set(this.running.size);
    void run.then((outcome) => {
      this.running.delete(run);
      this.metrics.jobRowsRunning.set(this.running.size);
      if (!outcome.ok) this.logger.warn(`Job ${item.jobId} row ${item.index}: ${(outcome.error as Error).message}`);
      this.wake();
    });
  }

  private async process(item: ClaimedItem): Promise<void> {
    const job = await this.jobs.findById(item.jobId);
    if (!job) return;
    await this.jobs.markRunning(job.id, this.clock.now());
    const startedAt = performance.now();
    const outcome = await this.renderRow(job, item);
    this.metrics.jobRows.inc({ outcome: outcome.status });
    this.metrics.jobRowDuration.observe((performance.now() - startedAt) / 1000);
    // Stopping: the render pool and the store close under a row drawing now, and its 5xx is the shutdown's, not
    // the row's. The row goes back (its unit was refunded) and is drawn after the restart.
    if (this.stopping && outcome.status === 'failed' && Number(outcome.error.statusCode) >= 500) {
      await this.items.release(item);
      return;
    }
    // A claim lost meanwhile (expired and taken by another runner): that runner records the row.
    if (await this.items.finish(item, outcome)) await this.completeIfDone(job.id);
  }

  /** The row as POST /api/generate would answer it: its render, or the error body it would have had. */
  private async renderRow(job: Job, item: ClaimedItem): Promise<ItemOutcome> {
    try {
      const account = await this.accounts.get(job.accountId);
      const template = await this.templates.getOwned(account.id, job.templateId);
      const request = parseOrThrow(generateRequestSchema, {
        templateId: job.templateId,
        layers: item.layers,
        format: job.format,
        ...(job.width === null ? {} : { width: job.width }),
        ...(job.height === null ? {} : { height: job.height }),
        ...(job.quality === null ? {} : { quality: job.quality }),
      });
      const { response } = await this.renders.renderTemplate(account, template, request, { minuteSlot: false });
      return { status: 'succeeded', imageUrl: response.imageUrl, cached: response.cached, warnings: response.warnings ?? [] };
    } catch (error) {
      const response = toErrorResponse(error);
      if (response.unexpected) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      return { status: 'failed', error: response.body };
    }
  }

  private async completeIfDone(jobId: string): Promise<void> {
    // A job with a result file (output zip) completes once it is written or given up (results/job-result-writer.service.ts).
    const active = await this.jobs.findById(jobId);
    if (!active || !(await this.results.settle(active))) return;
    if (!(await this.jobs.completeIfDone(jobId, this.clock.now()))) return;
    const job = await this.jobs.findById(jobId);
    if (job) await this.notifier.jobEnded(job);
  }
}
