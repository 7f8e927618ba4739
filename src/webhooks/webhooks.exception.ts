import { AppException } from '../common/errors/app-exception';

export enum WebhooksErrorCode {
  WEBHOOK_URL_INVALID = 'webhook_url_invalid',
  WEBHOOK_URL_FORBIDDEN = 'webhook_url_forbidden',
  WEBHOOK_SECRET_MISSING = 'webhook_secret_missing',
}

export class WebhooksException extends AppException {
  constructor(code: WebhooksErrorCode, message: string) {
    super(code, 400, message);
  }
}
