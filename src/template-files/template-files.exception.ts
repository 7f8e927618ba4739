import { AppException } from '../common/errors/app-exception';

export enum TemplateFilesErrorCode {
  DIRECTORY_NOT_FOUND = 'directory_not_found',
}

const STATUS: Record<TemplateFilesErrorCode, number> = {
  [TemplateFilesErrorCode.DIRECTORY_NOT_FOUND]: 400,
};

export class TemplateFilesException extends AppException {
  constructor(code: TemplateFilesErrorCode, message: string) {
    super(code, STATUS[code], message);
  }
}
