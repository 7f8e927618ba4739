import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const PreviewErrorCode = defineErrorCodes({
  RENDER_FAILED: ['render_failed', 500],
  RENDER_TIMEOUT: ['render_timeout', 503],
});
export type PreviewErrorCode = CodeOf<typeof PreviewErrorCode>;

export class PreviewException extends moduleException(PreviewErrorCode) {}
