import { CanActivate, ExecutionContext, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import { ApiKeysService } from '../api-keys.service';
import type { AuthenticatedRequest } from './authenticated-request';
import { IS_PUBLIC } from './public.decorator';
import { CSRF_HEADER, SESSION_COOKIE, SessionAuthenticator } from './session-authenticator';

/**
 * Global guard: every route needs `Authorization: Bearer sk_…` unless marked @Public(). Without that
 * header, the dashboard session cookie plus its CSRF token (X-CSRF-Token) also identifies the account.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
    @Optional() private readonly sessions?: SessionAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const sessionToken = request.cookies?.[SESSION_COOKIE];
    if (request.headers.authorization === undefined && sessionToken && this.sessions) {
      const csrf = request.headers[CSRF_HEADER];
      const account = await this.sessions.authenticate(sessionToken, typeof csrf === 'string' ? csrf : undefined);
      if (!account) throw new AccountsException(AccountsErrorCode.UNAUTHORIZED, 'Session expired or CSRF token missing; reload the page');
      request.principal = { account };
      return true;
    }
    const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? '');
    if (!match) {
      throw new AccountsException(AccountsErrorCode.UNAUTHORIZED, 'Missing or malformed Authorization: Bearer <API key> header');
    }
    const principal = await this.apiKeys.authenticate(match[1]);
    if (!principal) throw new AccountsException(AccountsErrorCode.UNAUTHORIZED, 'Unknown or revoked API key');
    request.principal = principal;
    return true;
  }
}
