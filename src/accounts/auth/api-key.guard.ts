import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiKeysService } from '../api-keys.service';
import type { AuthenticatedRequest } from './authenticated-request';
import { authenticateBearer } from './bearer-authentication';
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
    // Usually already checked by the onRequest hook (before the body was read); see app.factory.ts.
    request.principal ??= await authenticateBearer(this.apiKeys, request.headers.authorization);
    return true;
  }
}
