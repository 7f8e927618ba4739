import { AppException } from '../common/errors/app-exception';

export enum OpenApiErrorCode {
  DOCS_ASSET_NOT_FOUND = 'docs_asset_not_found',
}

const STATUS: Record<OpenApiErrorCode, number> = {
  [OpenApiErrorCode.DOCS_ASSET_NOT_FOUND]: 404,
};

export class OpenApiException extends AppException {
  constructor(code: OpenApiErrorCode, message: string) {
    super(code, STATUS[code], message);
  }
}
