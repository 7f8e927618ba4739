import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DelayedError, Job as QueueJob, Worker } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { settle, type SettledPromise } from '../../common/async/settle';
import { Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import type { ClaimedItem } from '../job-items.repository';
import { JobItemsRepository } from '../job-items.repository';
import { claimUntil, JobRunnerService } from '../job-runner.service';
import { JobsRepository } from '../jobs.repository';
import { JOB_QUEUE, LaneData, laneTokenPrefix, redisOptionsFromUrl } from './job-lanes';
import { JobQueue } from './job-queue';
import { CONNECTING_WAIT_MS, connectedOrLate } from './connected-or-late';

/** How often each worker process looks for accounts with rows to draw and adds their lanes (idempotent). */
const SWEEP_MS = 1_000;
/** A lane draws for this long, then goes to the back of the queue, so one account's big job cannot hold every slot. */
const QUANTUM_MS = 2_000;
/** A lane whose row met a dependency outage waits this long before it tries again. */
const PAUSE_MS = 1_000;
/** Lanes one process runs at once, per render thread: rows waiting for a thread keep it busy between rows. */
const LANES_PER_THREAD = 2;
/** How often per JOB_LEASE a lane proves it still holds its lock (BullMQ also renews it every half lease). */
const PROOFS_PER_LEASE = 4;
/** Bound on waiting for lanes to hand back at shutdown (past one row's budget). */
const CLOSE_MARGIN_MS = 5_000;

/**
 * The queue engine's worker (§22 with REDIS_URL, in an API instance unless JOB_WORKER=off, and in
 * `npm run worker`). It takes lanes from the shared BullMQ queue; a lane claims its account's rows in the
 * database one at a time (atomic claims: a row is drawn by one holder) and runs each through
 * JobRunnerService, like the in-process engine. BullMQ's lock says who holds a lane: when a process dies
 * (kill -9) its lanes go back to waiting after JOB_LEASE and the next holder takes over the row the dead one
 * had claimed at once (claims carry the lane's prefix). A row stored before the death is a cache hit when
 * drawn again, so nothing is billed twice. The database stays the truth: the sweep adds lanes for any
 * account with rows to draw, whatever Redis lost or missed.
 */
@Injectable()
export class JobLaneWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobLaneWorker.name);
  private worker: Worker<LaneData> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: SettledPromise<void> | null = null;
  private stopping = false;
  private outage = false;

  constructor(
    private readonly config: AppConfig,
    private readonly queue: JobQueue,
    private readonly jobs: JobsRepository,
    private readonly items: JobItemsRepository,
    private readonly runner: JobRunnerService,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker<LaneData>(JOB_QUEUE, (job, token) => this.runLane(job, token), {
      // The blocking connection waits for Redis as long as it takes (BullMQ requires it); it reconnects by itself.
      connection: { ...redisOptionsFromUrl(this.config.redisUrl!), maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 100, 1_000) },
      prefix: `${this.config.redisPrefix}bull`,
      concurrency: Math.max(this.config.jobConcurrencyPerAccount, this.config.renderThreads * LANES_PER_THREAD),
      lockDuration: this.config.jobLeaseMs,
      stalledInterval: this.config.jobLeaseMs,
      // A lane is safe to run again whatever happened: never give up on one that stalled.
      maxStalledCount: 1_000_000,
    });
    this.worker.on('error', (error) => this.noteOutage(error));
    this.timer = setInterval(() => this.sweep(), SWEEP_MS);
    this.timer.unref();
    this.sweep();
  }

  /**
   * Graceful stop, at the first shutdown step (before the render pool closes): lanes hand back after the row
   * they are drawing (recorded), the rest stays pending for others.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
    if (!this.worker) return;
    const worker = this.worker;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      connectedOrLate(worker, CONNECTING_WAIT_MS).then(() => worker.close()),
      new Promise((resolve) => {
        timer = setTimeout(resolve, this.config.renderTimeoutMs + CLOSE_MARGIN_MS);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  /** Adds the lanes of every account with rows to draw, and ends jobs whose last row's process stopped before the job did. */
  private sweep(): void {
    if (this.stopping || this.sweeping) return;
    this.sweeping = settle(
      (async () => {
        for (const id of await this.jobs.finishedButActive()) await this.runner.completeIfDone(id);
        for (const accountId of await this.items.accountsWithClaimableRows(this.clock.now())) await this.queue.addLanes(accountId);
        this.outage = false;
      })(),
    );
    void this.sweeping.then((outcome) => {
      this.sweeping = null;
      if (!outcome.ok) this.noteOutage(outcome.error as Error);
    });
  }

  private async runLane(job: QueueJob<LaneData>, token: string | undefined): Promise<void> {
    const { accountId, lane } = job.data;
    const prefix = laneTokenPrefix(lane);
    const until = () => claimUntil(this.config, this.clock.now());
    let rotateAt = Date.now() + QUANTUM_MS;
    let provenAt = 0;
    const proofDue = () => Date.now() - provenAt >= this.config.jobLeaseMs / PROOFS_PER_LEASE;
    // The row this lane's previous holder claimed and never finished (it died or stalled).
    let item: ClaimedItem | null = await this.items.takeOver(accountId, prefix, newToken(prefix), until());
    for (;;) {
      if (this.stopping) {
        if (item) await this.runner.giveBack(item);
        return;
      }
      if (!item) {
        // Proves this process still holds the lane (Redis answers); while it does not, the lane pauses here,
        // holding no claim. A few times per lease, not per row: a round trip per row left a render thread idle.
        if (proofDue()) {
          await job.extendLock(token!, this.config.jobLeaseMs);
          provenAt = Date.now();
        }
        // Every live claim of the account counts, a lane's or not (one left by a runner without Redis, say).
        if ((await this.items.claimedCount(accountId, this.clock.now())) >= this.config.jobConcurrencyPerAccount) return;
        item = await this.items.claimNext(accountId, newToken(prefix), this.clock.now(), until());
      }
      if (!item) return;
      // The claim passes to the account's next row in the transaction that records this one (no count needed),
      // unless the lock is due to be proven (the lane proves it first, holding no claim while it waits) or the
      // quantum is up (the lane may yield its slot).
      const passOn = !proofDue() && Date.now() < rotateAt;
      const { result, next } = await this.runner.runClaimed(item, passOn ? newToken(prefix) : undefined);
      item = next;
      if (result === 'released' || (Date.now() >= rotateAt && (await this.othersWaiting()))) {
        if (item) await this.runner.giveBack(item);
        // Back of the queue: other accounts' lanes go first; after an outage, try again shortly.
        await job.moveToDelayed(Date.now() + (result === 'released' ? PAUSE_MS : 0), token);
        throw new DelayedError();
      }
      // No other lane waits for a slot: going to the back of an empty queue would only leave the threads idle
      // until BullMQ hands the lane out again, so the lane keeps its slot for another quantum.
      if (Date.now() >= rotateAt) rotateAt = Date.now() + QUANTUM_MS;
    }
  }

  /** Whether lanes wait for a slot (other accounts' rows); when Redis does not say, yes (rotate, as is fair). */
  private othersWaiting(): Promise<boolean> {
    return this.queue.waitingLanes().then(
      (waiting) => waiting > 0,
      () => true,
    );
  }

  private noteOutage(error: Error): void {
    if (!this.outage) this.logger.warn(`Job worker: ${error.message}`);
    this.outage = true;
  }
}

/** A claim token of the lane: its prefix, then 32 random hex characters (≤ 36 characters in all). */
function newToken(prefix: string): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}
