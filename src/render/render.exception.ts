import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';
import type { RenderRecord } from './render-record';

export const RenderErrorCode = defineErrorCodes({
  RENDER_FAILED: ['render_failed', 500],
  RENDER_TIMEOUT: ['render_timeout', 503],
});
export type RenderErrorCode = CodeOf<typeof RenderErrorCode>;

export class RenderException extends moduleException(RenderErrorCode) {
  /** `failedRender`: what the failed drawing was, for the metrics interceptor. */
  constructor(
    code: RenderErrorCode,
    message: string,
    readonly failedRender: RenderRecord | null = null,
  ) {
    super(code, message);
  }
}
