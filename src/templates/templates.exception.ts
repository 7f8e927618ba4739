import { AppException } from '../common/errors/app-exception';

export enum TemplatesErrorCode {
  TEMPLATE_NOT_FOUND = 'template_not_found',
  CONFLICT = 'template_conflict',
}

const STATUS: Record<TemplatesErrorCode, number> = {
  [TemplatesErrorCode.TEMPLATE_NOT_FOUND]: 404,
  [TemplatesErrorCode.CONFLICT]: 409,
};

export class TemplatesException extends AppException {
  constructor(code: TemplatesErrorCode, message: string) {
    super(code, STATUS[code], message);
  }

  static notFound(id: string): TemplatesException {
    return new TemplatesException(TemplatesErrorCode.TEMPLATE_NOT_FOUND, `Template ${id} not found`);
  }
}
