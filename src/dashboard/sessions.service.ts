import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { Account } from '../accounts/entities/account.entity';
import { Clock } from '../common/clock/clock';
import { constantTimeEqual, sha256Hex } from '../common/crypto/hashing';
import { DashboardErrorCode, DashboardException } from './dashboard.exception';
import type { Session } from './entities/session.entity';
import { SessionsRepository } from './sessions.repository';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = sha256Hex;

export interface ActiveSession {
  session: Session;
  account: Account;
}

@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly accounts: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  /** Returns the cookie token (the only copy of it). */
  async start(accountId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.sessions.deleteExpired(now);
    await this.sessions.insert({
      tokenHash: hashToken(token),
      accountId,
      csrfToken: randomBytes(24).toString('base64url'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    return token;
  }

  async resolve(token: string | undefined): Promise<ActiveSession | null> {
    if (!token || token.length > 100) return null;
    const session = await this.sessions.findByTokenHash(hashToken(token));
    if (!session || session.expiresAt.getTime() <= this.clock.nowMs()) return null;
    const account = await this.accounts.findById(session.accountId);
    return account ? { session, account } : null;
  }

  async end(token: string | undefined): Promise<void> {
    if (token) await this.sessions.delete(hashToken(token));
  }

  /** Every state-changing dashboard request must carry the session's CSRF token. */
  assertCsrf(active: ActiveSession, given: unknown): void {
    if (!constantTimeEqual(given, active.session.csrfToken)) {
      throw new DashboardException(DashboardErrorCode.CSRF_INVALID, 'Missing or invalid CSRF token; reload the page and try again');
    }
  }
}
