import { AppException } from '../common/errors/app-exception';

/** The two reasons a request is over a limit (§8): too many in the window, or the month's quota used up. */
export type LimitCode = 'rate_limited' | 'quota_exceeded';

/**
 * Every 429 Pictor answers (the plan's minute and quota, anonymous public renders, previews, and the endpoints the
 * throttler guards): the contract's body fields (`limit`, `retryAfter`, and any others the limit names) and a
 * `Retry-After` header equal to `retryAfter`.
 */
export class LimitExceededException extends AppException {
  constructor(code: LimitCode, message: string, fields: { limit: number; retryAfter: number } & Record<string, number>) {
    super(code, 429, message, fields, { 'Retry-After': String(fields.retryAfter) });
  }
}

/** Whole seconds until `freesAtMs` (at least 1): when the oldest counted request leaves the window. */
export function retryAfterSeconds(nowMs: number, freesAtMs: number): number {
  return Math.max(1, Math.ceil((freesAtMs - nowMs) / 1000));
}
