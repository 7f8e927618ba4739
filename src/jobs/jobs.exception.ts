import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const JobsErrorCode = defineErrorCodes({
  JOB_NOT_FOUND: ['job_not_found', 404],
  /** A CSV upload that does not parse (a broken quote, invalid UTF-8): the message names the line. */
  CSV_INVALID: ['csv_invalid', 400],
});
export type JobsErrorCode = CodeOf<typeof JobsErrorCode>;

export class JobsException extends moduleException(JobsErrorCode) {
  /** Another account's job answers exactly like a missing one. */
  static notFound(id: string): JobsException {
    return new JobsException(JobsErrorCode.JOB_NOT_FOUND, `Job ${id} not found`);
  }
}
