import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const AssetsErrorCode = defineErrorCodes({
  /** Not a PNG, JPEG, WebP, AVIF or GIF, damaged, or over 50 megapixels: nothing is kept. */
  ASSET_INVALID: ['asset_invalid', 400],
  ASSET_NOT_FOUND: ['asset_not_found', 404],
  ASSET_LIMIT: ['asset_limit', 400],
});
export type AssetsErrorCode = CodeOf<typeof AssetsErrorCode>;

export class AssetsException extends moduleException(AssetsErrorCode) {
  static invalid(reason: string): AssetsException {
    return new AssetsException(AssetsErrorCode.ASSET_INVALID, `Not a usable image: ${reason}`);
  }

  /** Another account's asset answers exactly like a missing one. */
  static notFound(id: string): AssetsException {
    return new AssetsException(AssetsErrorCode.ASSET_NOT_FOUND, `Asset ${id} not found`);
  }
}
