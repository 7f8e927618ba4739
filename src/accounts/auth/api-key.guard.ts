import { CanActivate, ExecutionContext, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiKeysService } from '../api-keys.service';
import type { AuthenticatedRequest } from './authenticated-request';
import { authenticateRequest } from './bearer-authentication';
import { checkEditorSessionRoute, EDITOR_SESSION_RULE } from './editor-session-access.decorator';
import { EditorSessionAuthority, EditorSessionRule } from './editor-session-authority';
import { IS_PUBLIC } from './public.decorator';
import { SessionAuthenticator } from './session-authenticator';

/**
 * Global guard: every route needs `Authorization: Bearer sk_…` unless marked @Public(). Without that
 * header, the dashboard session cookie plus its CSRF token (X-CSRF-Token) also identifies the account.
 * An editor session's token (`Bearer est_…`) reaches only routes marked @EditorSessionAccess, and there
 * only what its grant allows (judged here, after the body is parsed, so every such route is covered).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
    @Optional() private readonly sessions?: SessionAuthenticator,
    @Optional() private readonly editorSessions?: EditorSessionAuthority,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // Usually already checked by the onRequest hook (before the body was read); see app.factory.ts.
    request.principal ??= await authenticateRequest(request, this.apiKeys, this.sessions, this.editorSessions);
    const grant = request.principal.editorSession;
    if (grant && !request.editorSessionAuthorized) {
      const rule = this.reflector.get<EditorSessionRule | undefined>(EDITOR_SESSION_RULE, context.getHandler());
      checkEditorSessionRoute(request.principal, rule);
      await this.editorSessions!.authorize(grant, request.principal.account, rule!, request);
    }
    return true;
  }
}
