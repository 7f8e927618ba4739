import { CodeOf, defineErrorCodes, moduleException } from '../common/errors/error-codes';

export const EditorSessionsErrorCode = defineErrorCodes({
  EDITOR_SESSION_NOT_FOUND: ['editor_session_not_found', 404],
  INVALID_ARGUMENT: ['validation_failed', 400],
});
export type EditorSessionsErrorCode = CodeOf<typeof EditorSessionsErrorCode>;

export class EditorSessionsException extends moduleException(EditorSessionsErrorCode) {
  /** Another account's session answers exactly like a missing one. */
  static notFound(id: string): EditorSessionsException {
    return new EditorSessionsException(EditorSessionsErrorCode.EDITOR_SESSION_NOT_FOUND, `Editor session ${id} not found`);
  }
}
