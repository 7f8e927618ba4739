import { AppException } from '../common/errors/app-exception';

export enum DashboardErrorCode {
  CSRF_INVALID = 'csrf_invalid',
}

export class DashboardException extends AppException {
  constructor(code: DashboardErrorCode, message: string) {
    super(code, 403, message);
  }
}
