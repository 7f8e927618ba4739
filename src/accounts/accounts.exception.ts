import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const AccountsErrorCode = defineErrorCodes({
  UNAUTHORIZED: ['unauthorized', 401],
  /** An editor session's token on a route, template, layer or permission beyond its grant (§23). */
  FORBIDDEN: ['forbidden', 403],
  ACCOUNT_NOT_FOUND: ['account_not_found', 404],
  API_KEY_NOT_FOUND: ['api_key_not_found', 404],
  EMAIL_TAKEN: ['email_taken', 409],
  INVALID_ARGUMENT: ['validation_failed', 400],
});
export type AccountsErrorCode = CodeOf<typeof AccountsErrorCode>;

export class AccountsException extends moduleException(AccountsErrorCode) {
  constructor(code: AccountsErrorCode, message: string) {
    super(code, message, {}, code === AccountsErrorCode.UNAUTHORIZED ? { 'WWW-Authenticate': 'Bearer' } : {});
  }
}
