import { AppException } from '../common/errors/app-exception';

export enum BillingErrorCode {
  RATE_LIMITED = 'rate_limited',
  QUOTA_EXCEEDED = 'quota_exceeded',
}

/** Every 429: the spec's body fields plus a Retry-After header equal to `retryAfter`. */
export class BillingException extends AppException {
  constructor(code: BillingErrorCode, message: string, fields: { limit: number; retryAfter: number } & Record<string, number>) {
    super(code, 429, message, fields, { 'Retry-After': String(fields.retryAfter) });
  }
}
