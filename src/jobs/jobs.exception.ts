import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const JobsErrorCode = defineErrorCodes({
  JOB_NOT_FOUND: ['job_not_found', 404],
});
export type JobsErrorCode = CodeOf<typeof JobsErrorCode>;

export class JobsException extends moduleException(JobsErrorCode) {
  /** Another account's job answers exactly like a missing one. */
  static notFound(id: string): JobsException {
    return new JobsException(JobsErrorCode.JOB_NOT_FOUND, `Job ${id} not found`);
  }
}
