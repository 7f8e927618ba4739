import { AppException } from '../common/errors/app-exception';

export enum FontsErrorCode {
  FONT_INVALID = 'font_invalid',
  FONT_NOT_FOUND = 'font_not_found',
  FONT_LIMIT = 'font_limit',
}

const STATUS: Record<FontsErrorCode, number> = {
  [FontsErrorCode.FONT_INVALID]: 400,
  [FontsErrorCode.FONT_NOT_FOUND]: 404,
  [FontsErrorCode.FONT_LIMIT]: 400,
};

export class FontsException extends AppException {
  constructor(code: FontsErrorCode, message: string) {
    super(code, STATUS[code], message);
  }

  static invalid(reason: string): FontsException {
    return new FontsException(FontsErrorCode.FONT_INVALID, `Not a usable font: ${reason}`);
  }

  static notFound(id: string): FontsException {
    return new FontsException(FontsErrorCode.FONT_NOT_FOUND, `Font ${id} not found`);
  }
}
