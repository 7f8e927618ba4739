import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const ImagesErrorCode = defineErrorCodes({
  IMAGE_NOT_FOUND: ['image_not_found', 404],
  /** The store did not answer, or failed with something other than "no such object". */
  STORAGE_UNAVAILABLE: ['storage_unavailable', 503],
});
export type ImagesErrorCode = CodeOf<typeof ImagesErrorCode>;

export class ImagesException extends moduleException(ImagesErrorCode) {
  static storageUnavailable(detail: string): ImagesException {
    return new ImagesException(ImagesErrorCode.STORAGE_UNAVAILABLE, `Image storage is unavailable (${detail}); try again shortly`);
  }
}
