import { AppException } from '../common/errors/app-exception';

export enum RenderErrorCode {
  RENDER_FAILED = 'render_failed',
  RENDER_TIMEOUT = 'render_timeout',
}

const RENDER_STATUS: Record<RenderErrorCode, number> = {
  [RenderErrorCode.RENDER_FAILED]: 500,
  [RenderErrorCode.RENDER_TIMEOUT]: 503,
};

export class RenderException extends AppException {
  constructor(code: RenderErrorCode, message: string) {
    super(code, RENDER_STATUS[code], message);
  }
}
