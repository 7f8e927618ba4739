import { AppException } from '../common/errors/app-exception';

export enum AccountsErrorCode {
  UNAUTHORIZED = 'unauthorized',
  ACCOUNT_NOT_FOUND = 'account_not_found',
  API_KEY_NOT_FOUND = 'api_key_not_found',
  EMAIL_TAKEN = 'email_taken',
  INVALID_ARGUMENT = 'validation_failed',
}

const STATUS: Record<AccountsErrorCode, number> = {
  [AccountsErrorCode.UNAUTHORIZED]: 401,
  [AccountsErrorCode.ACCOUNT_NOT_FOUND]: 404,
  [AccountsErrorCode.API_KEY_NOT_FOUND]: 404,
  [AccountsErrorCode.EMAIL_TAKEN]: 409,
  [AccountsErrorCode.INVALID_ARGUMENT]: 400,
};

export class AccountsException extends AppException {
  constructor(code: AccountsErrorCode, message: string) {
    super(code, STATUS[code], message, {}, code === AccountsErrorCode.UNAUTHORIZED ? { 'WWW-Authenticate': 'Bearer' } : {});
  }
}
