import { AppException } from '../common/errors/app-exception';

export enum ImagesErrorCode {
  IMAGE_NOT_FOUND = 'image_not_found',
  /** The store did not answer, or failed with something other than "no such object". */
  STORAGE_UNAVAILABLE = 'storage_unavailable',
}

const IMAGES_STATUS: Record<ImagesErrorCode, number> = {
  [ImagesErrorCode.IMAGE_NOT_FOUND]: 404,
  [ImagesErrorCode.STORAGE_UNAVAILABLE]: 503,
};

export class ImagesException extends AppException {
  constructor(code: ImagesErrorCode, message: string) {
    super(code, IMAGES_STATUS[code], message);
  }

  static storageUnavailable(detail: string): ImagesException {
    return new ImagesException(ImagesErrorCode.STORAGE_UNAVAILABLE, `Image storage is unavailable (${detail}); try again shortly`);
  }
}
