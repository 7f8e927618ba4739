import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { Clock } from '../../common/clock/clock';
import { IMAGE_FILE_PATTERN } from '../../design/output-formats';
import { ImageStorage, StoredImage } from '../../storage/image-storage';
import type { Job } from '../entities/job.entity';
import type { JobResult } from '../entities/job-result.entity';
import { JobItemsRepository } from '../job-items.repository';
import { JobResultsRepository } from '../job-results.repository';
import { JOB_RESULT_COMPOSERS, JobResultComposer, ResultImage } from './job-result-composer';
import { isTransient, ResultImageMissingError, resultErrorOf } from './job-result-error';

/** A writer's claim on a result; renewed every quarter of it while the file is written, so only a dead process lets it lapse. */
const CLAIM_MS = 120_000;
/** A store that is down is tried this many times in all, RETRY_DELAY_MS × attempt apart, before the result is given up. */
const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 10_000;
/** Succeeded rows read per query while composing. */
const PAGE = 500;

/**
 * Writes a job's result file (§22 `output` other than `images`) before the job completes. Called by the engine
 * when a job may be done (`settle`); one process at a time composes a result (a claim in job_results), and a
 * process that dies while writing lets its claim expire, so another writes it again under the same name.
 *
 * The result-failure rule (§22 does not name it): the rows were drawn and billed and keep their URLs, so the job
 * still ends `completed`, with `resultUrl: null` and `resultError: {code, message}` saying why. A store that is
 * down is first tried MAX_ATTEMPTS times; a stopping process hands the writing over instead of failing it.
 */
@Injectable()
export class JobResultWriter implements BeforeApplicationShutdown {
  private readonly logger = new Logger(JobResultWriter.name);
  private readonly composers: ReadonlyMap<string, JobResultComposer>;
  private readonly writing = new Set<AbortController>();
  private stopping = false;

  constructor(
    @Inject(JOB_RESULT_COMPOSERS) composers: JobResultComposer[],
    private readonly results: JobResultsRepository,
    private readonly items: JobItemsRepository,
    private readonly storage: ImageStorage,
    private readonly clock: Clock,
  ) {
    this.composers = new Map(composers.map((composer) => [composer.output, composer]));
  }

  /** Whether `output` has a result file (the job schema offers exactly these besides `images`). */
  hasComposer(output: string): boolean {
    return this.composers.has(output);
  }

  /** A stopping process abandons its writes at once and gives their claims back (the next process writes them). */
  beforeApplicationShutdown(): void {
    this.stopping = true;
    for (const controller of this.writing) controller.abort(new Error('the process is stopping'));
  }

  /**
   * True when the job may complete: it needs no result file, or its file is written or given up. False while rows
   * are pending, while its result is being written (here or by another process), or until a retry is due.
   */
  async settle(job: Job): Promise<boolean> {
    const composer = this.composers.get(job.output);
    if (!composer) return true;
    if (this.stopping || (await this.items.hasPending(job.id))) return false;
    let result = await this.results.find(job.id);
    if (result === null) {
      await this.results.createIfMissing(job.id, randomBytes(32).toString('hex'), composer.extension);
      result = (await this.results.find(job.id))!;
    }
    if (result.status !== 'writing') return true;
    const token = randomUUID();
    if (!(await this.results.claim(job.id, token, this.clock.now(), this.claimEnd()))) return false;
    return this.write(job, composer, result, token);
  }

  private async write(job: Job, composer: JobResultComposer, result: JobResult, token: string): Promise<boolean> {
    const controller = new AbortController();
    this.writing.add(controller);
    const heartbeat = setInterval(() => {
      this.results.extend(job.id, token, this.claimEnd()).then(
        (held) => {
          if (!held) controller.abort(new Error('the claim on the result was lost'));
        },
        (error: Error) => this.logger.warn(`Job ${job.id} result: could not renew the claim: ${error.message}`),
      );
    }, CLAIM_MS / 4);
    try {
      const stream = composer.compose({ job, images: this.images(job.id), open: (image) => this.open(image) }, controller.signal);
      await this.storage.putStream(`${result.key}.${result.extension}`, stream, controller.signal);
      await this.results.markWritten(job.id, token, this.clock.now());
      return true;
    } catch (error) {
      if (controller.signal.aborted) {
        await this.results.release(job.id, token);
        return false;
      }
      const resultError = resultErrorOf(error);
      if (resultError.code === 'result_failed')
        this.logger.error(`Job ${job.id} result: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      const retry = isTransient(resultError) && result.attempts + 1 < MAX_ATTEMPTS;
      const retryAt = retry ? new Date(this.clock.nowMs() + RETRY_DELAY_MS * (result.attempts + 1)) : null;
      this.logger.warn(`Job ${job.id} result: ${resultError.message}${retry ? '; trying again' : '; the job completes without it'}`);
      await this.results.markAttemptFailed(job.id, token, JSON.stringify(resultError), retryAt);
      return !retry;
    } finally {
      clearInterval(heartbeat);
      this.writing.delete(controller);
    }
  }

  /** The job's succeeded rows in row order, a page at a time. */
  private async *images(jobId: string): AsyncGenerator<ResultImage> {
    let from = 0;
    for (;;) {
      const page = await this.items.succeededImages(jobId, from, PAGE);
      for (const { index, imageUrl } of page) {
        const match = IMAGE_FILE_PATTERN.exec(imageUrl.slice(imageUrl.lastIndexOf('/') + 1));
        if (!match) throw new ResultImageMissingError(index);
        yield { index, name: match[0], extension: match[2] };
      }
      if (page.length < PAGE) return;
      from = page[page.length - 1].index + 1;
    }
  }

  private async open(image: ResultImage): Promise<StoredImage> {
    const stored = await this.storage.open(image.name);
    if (!stored) throw new ResultImageMissingError(image.index);
    return stored;
  }

  private claimEnd(): Date {
    return new Date(this.clock.nowMs() + CLAIM_MS);
  }
}
