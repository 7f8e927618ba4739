import { Injectable } from '@nestjs/common';
import type { Job } from './entities/job.entity';
import { JobRunnerService } from './job-runner.service';

/** How a new job's rows get going: the in-process runner, or the BullMQ queues when Redis is configured. */
export abstract class JobDispatcher {
  /** Throws a 503 `dependency_unavailable` (creating nothing) when a new job could not be run durably now. */
  abstract admit(): Promise<void>;
  /** Called once the job and its rows are stored. */
  abstract dispatch(job: Job): Promise<void>;
}

/** Without Redis: the runner in this process picks the rows up (and any instance's runner polls for them). */
@Injectable()
export class LocalJobDispatcher extends JobDispatcher {
  constructor(private readonly runner: JobRunnerService) {
    super();
  }

  admit(): Promise<void> {
    return Promise.resolve();
  }

  dispatch(): Promise<void> {
    this.runner.wake();
    return Promise.resolve();
  }
}
