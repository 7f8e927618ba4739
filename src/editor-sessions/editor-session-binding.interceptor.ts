import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, mergeMap, Observable } from 'rxjs';
import { AccountsErrorCode, AccountsException } from '../accounts/accounts.exception';
import type { AuthenticatedRequest } from '../accounts/auth/authenticated-request';
import { EDITOR_SESSION_RULE } from '../accounts/auth/editor-session-access.decorator';
import { TemplatesService } from '../templates/templates.service';
import { EditorSessionsService } from './editor-sessions.service';

/**
 * A design-mode session created without a template is bound to the one its first save creates (§23). Two
 * first saves at once: the second template is removed again and that save is refused, so one template remains.
 */
@Injectable()
export class EditorSessionBindingInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: EditorSessionsService,
    private readonly templates: TemplatesService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const grant = request.principal?.editorSession;
    if (!grant || this.reflector.get<string | undefined>(EDITOR_SESSION_RULE, context.getHandler()) !== 'template:create') return next.handle();
    const accountId = request.principal!.account.id;
    return next.handle().pipe(
      mergeMap((created: { id: string }) =>
        from(
          (async () => {
            if (await this.sessions.bindTemplate(grant.id, created.id)) return created;
            await this.templates.remove(accountId, created.id);
            throw new AccountsException(AccountsErrorCode.FORBIDDEN, 'This editor session already has its template: save it with PATCH');
          })(),
        ),
      ),
    );
  }
}
