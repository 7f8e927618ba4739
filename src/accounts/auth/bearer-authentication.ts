import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import type { ApiKeysService } from '../api-keys.service';
import type { AuthenticatedRequest } from './authenticated-request';
import { EDITOR_SESSION_TOKEN_PREFIX, EditorSessionAuthority } from './editor-session-authority';
import { CSRF_HEADER, SESSION_COOKIE, SessionAuthenticator } from './session-authenticator';

/**
 * The caller of a non-public route: `Authorization: Bearer sk_…` (or an editor session's `est_…`), or without that header the dashboard
 * session cookie plus its CSRF token (X-CSRF-Token). A 401 AccountsException otherwise. Shared by the
 * onRequest hook (which runs before the body is read) and the global guard.
 */
export async function authenticateRequest(
  request: AuthenticatedRequest,
  apiKeys: ApiKeysService,
  sessions: SessionAuthenticator | null | undefined,
  editorSessions?: EditorSessionAuthority | null,
): Promise<NonNullable<AuthenticatedRequest['principal']>> {
  const sessionToken = request.cookies?.[SESSION_COOKIE];
  if (request.headers.authorization === undefined && sessionToken && sessions) {
    const csrf = request.headers[CSRF_HEADER];
    const account = await sessions.authenticate(sessionToken, typeof csrf === 'string' ? csrf : undefined);
    if (!account) throw new AccountsException(AccountsErrorCode.UNAUTHORIZED, 'Session expired or CSRF token missing; reload the page');
    return { account };
  }
  const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw new AccountsException(AccountsErrorCode.UNAUTHORIZED, 'Missing or malformed Authorization: Bearer <API key> header');
  if (match[1].startsWith(EDITOR_SESSION_TOKEN_PREFIX)) {
    // An embed's credential (§23): sent as a header, since a cross-site iframe sends no cookies.
    const session = editorSessions ? await editorSessions.authenticate(match[1]) : null;
    if (!session) throw new AccountsException(AccountsErrorCode.UNAUTHORIZED, 'Unknown, expired or revoked editor session');
    return { account: session.account, editorSession: session.grant };
  }
  const principal = await apiKeys.authenticate(match[1]);
  if (!principal) throw new AccountsException(AccountsErrorCode.UNAUTHORIZED, 'Unknown or revoked API key');
  return principal;
}
