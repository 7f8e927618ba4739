import { AppException } from '../common/errors/app-exception';

export enum PublicRenderErrorCode {
  SIGNATURE_INVALID = 'signature_invalid',
}

export class PublicRenderException extends AppException {
  constructor(code: PublicRenderErrorCode, message: string) {
    super(code, 403, message);
  }
}
