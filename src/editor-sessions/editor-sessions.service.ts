import { Injectable } from '@nestjs/common';
import { AccountsRepository } from '../accounts/accounts.repository';
import { EDITOR_SESSION_TOKEN, EDITOR_SESSION_TOKEN_PREFIX, EditorSessionGrant } from '../accounts/auth/editor-session-authority';
import { Account } from '../accounts/entities/account.entity';
import { Clock } from '../common/clock/clock';
import { sha256Hex } from '../common/crypto/hashing';
import { newId, randomBase62 } from '../common/ids';
import { AppConfig } from '../config/app-config';
import { ChangeFeed } from '../database/change-feed';
import { ChangeFeedCache } from '../database/change-feed-cache';
import { TemplatesService } from '../templates/templates.service';
import { CreateEditorSessionInput } from './dto/create-editor-session.schema';
import { EditorSession } from './entities/editor-session.entity';
import { EditorSessionsErrorCode, EditorSessionsException } from './editor-sessions.exception';
import { EditorSessionsRepository } from './editor-sessions.repository';

/** A session found by its token: `live`, or `ended` (expired or revoked: the page says so, every call is a 401). */
export interface FoundSession {
  session: EditorSession;
  account: Account;
  live: boolean;
}

export const grantOf = (session: EditorSession): EditorSessionGrant => ({
  id: session.id,
  mode: session.mode,
  templateId: session.templateId,
  allowedOrigins: [...session.allowedOrigins],
  permissions: { ...session.permissions, layers: session.permissions.layers ? [...session.permissions.layers] : null },
});

/** Editor sessions (§23): created by the owner's backend, resolved from the embed's token on every call. */
@Injectable()
export class EditorSessionsService {
  /** Every call of an embed resolves its token: rows are remembered until the change feed reports a write. */
  private readonly byToken: ChangeFeedCache<string, { session: EditorSession; account: Account }>;

  constructor(
    private readonly sessions: EditorSessionsRepository,
    private readonly accounts: AccountsRepository,
    private readonly templates: TemplatesService,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
    private readonly config: AppConfig,
  ) {
    this.byToken = new ChangeFeedCache(changes, 10_000);
  }

  /** The plain token is in the answer's `url` only: it is never stored, logged or shown again. */
  async create(account: Account, input: CreateEditorSessionInput): Promise<{ session: EditorSession; url: string }> {
    if (input.templateId !== undefined) {
      const template = await this.templates.getOwned(account.id, input.templateId);
      const names = new Set(template.layers.map((layer) => layer.name));
      const unknown = (input.permissions.layers ?? []).filter((name) => !names.has(name));
      if (unknown.length > 0) {
        throw new EditorSessionsException(
          EditorSessionsErrorCode.INVALID_ARGUMENT,
          `permissions.layers: the template has no layer ${unknown.map((name) => JSON.stringify(name)).join(', ')}`,
          {
            details: [{ path: 'permissions.layers', message: `unknown layer ${unknown.map((name) => JSON.stringify(name)).join(', ')}` }],
          },
        );
      }
    }
    const token = `${EDITOR_SESSION_TOKEN_PREFIX}${randomBase62(32)}`;
    const now = this.clock.now();
    const session = Object.assign(new EditorSession(), {
      id: newId('eds'),
      accountId: account.id,
      tokenHash: sha256Hex(token),
      templateId: input.templateId ?? null,
      mode: input.mode,
      allowedOrigins: input.allowedOrigins,
      permissions: input.permissions,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresIn * 1000),
      revokedAt: null,
    });
    await this.sessions.insert(session);
    return { session, url: `${this.config.publicBaseUrl}/embed/${token}` };
  }

  list(accountId: string): Promise<EditorSession[]> {
    return this.sessions.listLive(accountId, this.clock.now());
  }

  /** At once on every instance: cached sessions are dropped when the change feed hears of it. */
  async revoke(accountId: string, id: string): Promise<void> {
    const session = await this.sessions.findOwned(id, accountId);
    if (!session) throw EditorSessionsException.notFound(id);
    await this.sessions.revoke(id, this.clock.now());
    await this.changes.changed();
  }

  /** The session of a token, live or ended; null for a malformed or unknown token. */
  async find(token: string): Promise<FoundSession | null> {
    if (!EDITOR_SESSION_TOKEN.test(token)) return null;
    const found = await this.byToken.getOrLoad(sha256Hex(token), async () => {
      const session = await this.sessions.findByTokenHash(sha256Hex(token));
      const account = session ? await this.accounts.findById(session.accountId) : null;
      return session && account ? { session, account } : null;
    });
    if (!found) return null;
    // Copies: nothing a request sets leaks into the remembered row.
    const session = Object.assign(new EditorSession(), found.session);
    const live = session.revokedAt === null && session.expiresAt.getTime() > this.clock.nowMs();
    return { session, account: Object.assign(new Account(), found.account), live };
  }

  /** Binds a design session to the template its first save created; false if another save won. */
  async bindTemplate(sessionId: string, templateId: string): Promise<boolean> {
    const bound = await this.sessions.bindTemplate(sessionId, templateId);
    await this.changes.changed();
    return bound;
  }
}
