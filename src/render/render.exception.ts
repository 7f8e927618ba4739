import { AppException } from '../common/errors/app-exception';
import type { RenderRecord } from './render.service';

export enum RenderErrorCode {
  RENDER_FAILED = 'render_failed',
}

export class RenderException extends AppException {
  /** `failedRender`: what the failed drawing was, for the metrics interceptor. */
  constructor(
    code: RenderErrorCode,
    message: string,
    readonly failedRender: RenderRecord | null = null,
  ) {
    super(code, 500, message);
  }
}
