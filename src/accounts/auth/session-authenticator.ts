import type { Account } from '../entities/account.entity';

/** The dashboard cookie name, shared by the dashboard (which sets it) and the API guard (which reads it). */
export const SESSION_COOKIE = 'pictor_session';
/** Header carrying the session's CSRF token on API calls made by the studio. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Lets the API accept the dashboard session (the studio calls the API from the browser) when the
 * request also carries that session's CSRF token. Provided by the dashboard; absent in the CLI.
 */
export abstract class SessionAuthenticator {
  /** The session's account when the token is live and the CSRF token matches; null otherwise. */
  abstract authenticate(sessionToken: string, csrfToken: string | undefined): Promise<Account | null>;
}
