import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '../../config/app-config';
import { MetricsService } from '../../metrics/metrics.service';
import { JOB_QUEUE, LaneData, laneJobId } from './job-lanes';
import { CONNECTING_WAIT_MS, connectedOrLate } from './connected-or-late';

/** A Redis that does not answer within this fails the check (readiness, admitting a new job). */
const ANSWER_WITHIN_MS = 2_000;

/**
 * The shared BullMQ queue of job lanes (§22 with REDIS_URL): what every instance adds to and every worker
 * process takes from. It carries work, not state: the jobs and their rows live in the database.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(JobQueue.name);
  private outage = false;

  constructor(
    @InjectQueue(JOB_QUEUE) private readonly queue: Queue<LaneData>,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    // Connection errors surface as failed commands, readiness and the 503 on POST /api/jobs; logged once per outage.
    this.queue.on('error', (error) => {
      if (!this.outage) this.logger.warn(`Job queue: ${error.message}`);
      this.outage = true;
    });
  }

  onModuleInit(): void {
    this.metrics.readJobQueueDepth(() => this.depth());
  }

  /** @nestjs/bullmq closes the queue at application shutdown, after this: not while it is still connecting. */
  onModuleDestroy(): Promise<void> {
    return connectedOrLate(this.queue, CONNECTING_WAIT_MS);
  }

  /** The queue's Redis answers (readiness; a new job is accepted only then). */
  async ping(): Promise<void> {
    await withDeadline(
      (async () => {
        await (await this.queue.client).runCommand('ping', []);
      })(),
      ANSWER_WITHIN_MS,
    );
    this.outage = false;
  }

  /** Makes sure each of the account's lanes is waiting or running (a lane already there is not added again). */
  async addLanes(accountId: string): Promise<void> {
    const lanes = Array.from({ length: this.config.jobConcurrencyPerAccount }, (_, lane) => ({ accountId, lane }));
    await withDeadline(
      this.queue.addBulk(lanes.map((data) => ({ name: 'lane', data, opts: { jobId: laneJobId(data), removeOnComplete: true, removeOnFail: true } }))),
      ANSWER_WITHIN_MS,
    );
  }

  /** Lanes waiting for a worker's slot (a lane that has drawn its quantum yields only to these). */
  async waitingLanes(): Promise<number> {
    return withDeadline(this.queue.getWaitingCount(), ANSWER_WITHIN_MS);
  }

  /** Lanes by state, for /metrics. */
  async depth(): Promise<Record<'waiting' | 'active' | 'delayed', number>> {
    const counts = await withDeadline(this.queue.getJobCounts('waiting', 'active', 'delayed'), ANSWER_WITHIN_MS);
    return { waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0 };
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Command timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
