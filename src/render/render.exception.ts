import { AppException } from '../common/errors/app-exception';

export enum RenderErrorCode {
  RENDER_FAILED = 'render_failed',
  STORAGE_UNAVAILABLE = 'storage_unavailable',
}

const RENDER_STATUS: Record<RenderErrorCode, number> = {
  [RenderErrorCode.RENDER_FAILED]: 500,
  [RenderErrorCode.STORAGE_UNAVAILABLE]: 503,
};

export class RenderException extends AppException {
  constructor(code: RenderErrorCode, message: string) {
    super(code, RENDER_STATUS[code], message);
  }
}
