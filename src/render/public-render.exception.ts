import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const PublicRenderErrorCode = defineErrorCodes({
  SIGNATURE_INVALID: ['signature_invalid', 403],
});
export type PublicRenderErrorCode = CodeOf<typeof PublicRenderErrorCode>;

export class PublicRenderException extends moduleException(PublicRenderErrorCode) {}
