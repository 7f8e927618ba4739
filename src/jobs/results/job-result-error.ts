import { AppException } from '../../common/errors/app-exception';
import { ImagesErrorCode } from '../../storage/images.exception';

/** Why a job has no result file although it asked for one: `resultError` on the job (an addition to §22). */
export interface JobResultError {
  code: 'storage_unavailable' | 'result_image_missing' | 'result_empty' | 'result_failed' | 'result_expired';
  message: string;
}

/** A succeeded row whose image is no longer in the store (deleted by retention before the result was written). */
export class ResultImageMissingError extends Error {
  constructor(readonly index: number) {
    super(`The image of row ${index} is no longer stored`);
  }
}

/** A result that needs at least one succeeded row (a PDF has at least one page) and has none. */
export class ResultEmptyError extends Error {
  constructor() {
    super('No row succeeded, and a PDF needs at least one page');
  }
}

/** The error a failed attempt leaves on the job: what a user can act on, never a stack or an internal message. */
export function resultErrorOf(error: unknown): JobResultError {
  if (error instanceof ResultImageMissingError) return { code: 'result_image_missing', message: error.message };
  if (error instanceof ResultEmptyError) return { code: 'result_empty', message: error.message };
  if (error instanceof AppException && error.code === ImagesErrorCode.STORAGE_UNAVAILABLE) return { code: 'storage_unavailable', message: error.message };
  return { code: 'result_failed', message: 'The result file could not be written' };
}

/** Whether trying again later may succeed (the store was down), as opposed to a result that cannot be made. */
export function isTransient(error: JobResultError): boolean {
  return error.code === 'storage_unavailable';
}

export const RESULT_EXPIRED: JobResultError = {
  code: 'result_expired',
  message: 'The result file was deleted by retention (IMAGE_RETENTION) after going unrequested',
};
