import type { FastifyRequest } from 'fastify';
import type { Account } from '../entities/account.entity';
import type { ApiKey } from '../entities/api-key.entity';
import type { EditorSessionGrant } from './editor-session-authority';

/**
 * An API key's principal, or (key absent) the dashboard session's account, or an editor session's owner
 * with the session's grant (then only routes marked @EditorSessionAccess answer).
 */
export type AuthenticatedRequest = FastifyRequest & {
  principal?: { account: Account; apiKey?: ApiKey; editorSession?: EditorSessionGrant };
  /** The editor session's grant was judged against this request's body (before the route's own hooks). */
  editorSessionAuthorized?: boolean;
};
