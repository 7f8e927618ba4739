import { AppException } from '../common/errors/app-exception';
import type { RenderRecord } from './render-record';

export enum RenderErrorCode {
  RENDER_FAILED = 'render_failed',
  RENDER_TIMEOUT = 'render_timeout',
}

const RENDER_STATUS: Record<RenderErrorCode, number> = {
  [RenderErrorCode.RENDER_FAILED]: 500,
  [RenderErrorCode.RENDER_TIMEOUT]: 503,
};

export class RenderException extends AppException {
  /** `failedRender`: what the failed drawing was, for the metrics interceptor. */
  constructor(
    code: RenderErrorCode,
    message: string,
    readonly failedRender: RenderRecord | null = null,
  ) {
    super(code, RENDER_STATUS[code], message);
  }
}
