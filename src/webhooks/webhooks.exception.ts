import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const WebhooksErrorCode = defineErrorCodes({
  WEBHOOK_URL_INVALID: ['webhook_url_invalid', 400],
  WEBHOOK_URL_FORBIDDEN: ['webhook_url_forbidden', 400],
  WEBHOOK_SECRET_MISSING: ['webhook_secret_missing', 400],
});
export type WebhooksErrorCode = CodeOf<typeof WebhooksErrorCode>;

export class WebhooksException extends moduleException(WebhooksErrorCode) {}
