import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const FontsErrorCode = defineErrorCodes({
  FONT_INVALID: ['font_invalid', 400],
  FONT_NOT_FOUND: ['font_not_found', 404],
  FONT_LIMIT: ['font_limit', 400],
});
export type FontsErrorCode = CodeOf<typeof FontsErrorCode>;

export class FontsException extends moduleException(FontsErrorCode) {
  static invalid(reason: string): FontsException {
    return new FontsException(FontsErrorCode.FONT_INVALID, `Not a usable font: ${reason}`);
  }

  static notFound(id: string): FontsException {
    return new FontsException(FontsErrorCode.FONT_NOT_FOUND, `Font ${id} not found`);
  }
}
