import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import { ApiKeysService } from '../api-keys.service';
import type { AuthenticatedRequest } from './authenticated-request';
import { IS_PUBLIC } from './public.decorator';

/** Global guard: every route needs `Authorization: Bearer sk_…` unless marked @Public(). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
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
