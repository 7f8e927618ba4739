import type { Readable } from 'node:stream';
import type { StoredImage } from '../../storage/image-storage';
import type { Job } from '../entities/job.entity';

/** One succeeded row's image, as a job's result is made of them. */
export interface ResultImage {
  /** The row's index in the job (0-based, as in the items). */
  index: number;
  /** The image's name in the store: `<key>.<extension>`. */
  name: string;
  extension: string;
}

/** What a composer reads: the job, its succeeded rows in row order (read page by page), and the store. */
export interface ResultSource {
  job: Job;
  images: AsyncIterable<ResultImage>;
  /** Opens a stored image; rejects when it is gone (the result then fails, naming the row). */
  open(image: ResultImage): Promise<StoredImage>;
}

/**
 * Turns a job's succeeded rows into its one result file, for one `output` (§22). The returned stream is written
 * into the image store as it is produced: a composer must not hold the job's images in memory (one at a time).
 * Register an implementation in JOB_RESULT_COMPOSERS (jobs.module.ts); its `extension` must be one the image
 * route serves (design/output-formats.ts: OUTPUT_FORMATS or RESULT_FILE_TYPES).
 */
export abstract class JobResultComposer {
  /** The job `output` this composer makes. */
  abstract readonly output: string;
  abstract readonly extension: string;
  /** The result's bytes; the stream errors (and is destroyed on `signal`) when the result cannot be made. */
  abstract compose(source: ResultSource, signal: AbortSignal): Readable;
}

/** Every composer, one per `output` other than `images`. */
export const JOB_RESULT_COMPOSERS = Symbol('JOB_RESULT_COMPOSERS');
