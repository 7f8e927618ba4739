import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const IdempotencyErrorCode = defineErrorCodes({
  /** The key's first request is still running. */
  IN_FLIGHT: ['idempotency_key_in_flight', 409],
  /** The key was first used with another request. */
  REUSED: ['idempotency_key_reused', 422],
});
export type IdempotencyErrorCode = CodeOf<typeof IdempotencyErrorCode>;

export class IdempotencyException extends moduleException(IdempotencyErrorCode) {}
