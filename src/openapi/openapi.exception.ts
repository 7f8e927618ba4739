import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const OpenApiErrorCode = defineErrorCodes({
  DOCS_ASSET_NOT_FOUND: ['docs_asset_not_found', 404],
});
export type OpenApiErrorCode = CodeOf<typeof OpenApiErrorCode>;

export class OpenApiException extends moduleException(OpenApiErrorCode) {}
