import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const TemplateFilesErrorCode = defineErrorCodes({
  DIRECTORY_NOT_FOUND: ['directory_not_found', 400],
});
export type TemplateFilesErrorCode = CodeOf<typeof TemplateFilesErrorCode>;

export class TemplateFilesException extends moduleException(TemplateFilesErrorCode) {}
