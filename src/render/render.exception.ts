import { AppException } from '../common/errors/app-exception';

export enum RenderErrorCode {
  RENDER_FAILED = 'render_failed',
}

export class RenderException extends AppException {
  constructor(code: RenderErrorCode, message: string) {
    super(code, 500, message);
  }
}
