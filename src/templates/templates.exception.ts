import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const TemplatesErrorCode = defineErrorCodes({
  TEMPLATE_NOT_FOUND: ['template_not_found', 404],
  CONFLICT: ['template_conflict', 409],
  /** If-Match named a version the template has moved past (changed elsewhere). */
  VERSION_CONFLICT: ['version_conflict', 409],
  PRECONDITION_INVALID: ['validation_failed', 400],
});
export type TemplatesErrorCode = CodeOf<typeof TemplatesErrorCode>;

export class TemplatesException extends moduleException(TemplatesErrorCode) {
  static notFound(id: string): TemplatesException {
    return new TemplatesException(TemplatesErrorCode.TEMPLATE_NOT_FOUND, `Template ${id} not found`);
  }
}
