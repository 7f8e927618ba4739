import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const DashboardErrorCode = defineErrorCodes({
  CSRF_INVALID: ['csrf_invalid', 403],
});
export type DashboardErrorCode = CodeOf<typeof DashboardErrorCode>;

export class DashboardException extends moduleException(DashboardErrorCode) {}
