import { AppException } from '../common/errors/app-exception';

export enum TemplatesErrorCode {
  TEMPLATE_NOT_FOUND = 'template_not_found',
  CONFLICT = 'template_conflict',
  /** If-Match named a version the template has moved past (changed elsewhere). */
  VERSION_CONFLICT = 'version_conflict',
  PRECONDITION_INVALID = 'validation_failed',
}

const STATUS: Record<TemplatesErrorCode, number> = {
  [TemplatesErrorCode.TEMPLATE_NOT_FOUND]: 404,
  [TemplatesErrorCode.CONFLICT]: 409,
  [TemplatesErrorCode.VERSION_CONFLICT]: 409,
  [TemplatesErrorCode.PRECONDITION_INVALID]: 400,
};

export class TemplatesException extends AppException {
  constructor(code: TemplatesErrorCode, message: string) {
    super(code, STATUS[code], message);
  }

  static notFound(id: string): TemplatesException {
    return new TemplatesException(TemplatesErrorCode.TEMPLATE_NOT_FOUND, `Template ${id} not found`);
  }
}
