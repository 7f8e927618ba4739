import { Injectable } from '@nestjs/common';
import type { Account } from '../accounts/entities/account.entity';
import { SessionAuthenticator } from '../accounts/auth/session-authenticator';
import { constantTimeEqual } from '../common/crypto/hashing';
import { SessionsService } from './sessions.service';

/** The dashboard session as an API credential, for the studio's calls; only with the session's CSRF token. */
@Injectable()
export class DashboardSessionAuthenticator extends SessionAuthenticator {
  constructor(private readonly sessions: SessionsService) {
    super();
  }

  async authenticate(sessionToken: string, csrfToken: string | undefined): Promise<Account | null> {
    if (!csrfToken) return null;
    const active = await this.sessions.resolve(sessionToken);
    return active && constantTimeEqual(csrfToken, active.session.csrfToken) ? active.account : null;
  }
}
