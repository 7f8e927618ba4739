import { CallHandler, ExecutionContext, Injectable, NestInterceptor, Optional } from '@nestjs/common';
import { from, mergeMap, Observable } from 'rxjs';
import type { AuthenticatedRequest } from './authenticated-request';
import { EditorSessionAuthority } from './editor-session-authority';

/**
 * Listed on `POST /api/templates` alone: a design-mode session's first save binds the session to the template it
 * created (§23). Not global: as a global interceptor its rxjs plumbing ran on every request, cached renders included
 * (docs/decisions.md, 2026-11-28).
 */
@Injectable()
export class EditorSessionBindingInterceptor implements NestInterceptor {
  constructor(@Optional() private readonly authority?: EditorSessionAuthority) {}

  intercept(context: ExecutionContext, next: CallHandler<{ id: string }>): Observable<unknown> {
    const { principal } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const grant = principal?.editorSession;
    if (!grant || !this.authority) return next.handle();
    const authority = this.authority;
    return next.handle().pipe(mergeMap((created) => from(authority.bindCreated(grant, principal.account, created.id).then(() => created))));
  }
}
