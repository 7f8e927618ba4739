import { Injectable, Logger } from '@nestjs/common';
import { DependencyUnavailableException } from '../../common/errors/dependency-outage';
import type { Job } from '../entities/job.entity';
import { JobDispatcher } from '../job-dispatcher';
import { JobQueue } from './job-queue';

/**
 * With Redis: a job is accepted only while the queue answers (else 503 `dependency_unavailable`, nothing
 * created), and its account's lanes are added once its rows are stored. Should that add fail, the job is
 * still safe in the database: every worker's sweep adds the lanes of accounts with rows to draw.
 */
@Injectable()
export class QueueJobDispatcher extends JobDispatcher {
  private readonly logger = new Logger(QueueJobDispatcher.name);

  constructor(private readonly queue: JobQueue) {
    super();
  }

  async admit(): Promise<void> {
    try {
      await this.queue.ping();
    } catch (error) {
      throw new DependencyUnavailableException('Redis', `the job queue cannot be reached: ${(error as Error).message}`);
    }
  }

  async dispatch(job: Job): Promise<void> {
    await this.queue
      .addLanes(job.accountId)
      .catch((error: Error) => this.logger.warn(`Job ${job.id}: lanes not added now (${error.message}); the sweep adds them`));
  }
}
