import type { EditorSession } from '../entities/editor-session.entity';

/** A session as listed: never its token (shown once, inside `url`, when created). */
export const toEditorSessionResponse = (session: EditorSession) => ({
  id: session.id,
  mode: session.mode,
  templateId: session.templateId,
  allowedOrigins: session.allowedOrigins,
  permissions: session.permissions,
  createdAt: session.createdAt.toISOString(),
  expiresAt: session.expiresAt.toISOString(),
});
