import { applyDecorators, SetMetadata } from '@nestjs/common';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { AccountsErrorCode, AccountsException } from '../accounts.exception';
import type { AuthenticatedRequest } from './authenticated-request';
import { EditorSessionRule, PERMISSION_RULES } from './editor-session-authority';

export const EDITOR_SESSION_RULE = 'pictor:editorSessionRule';
/** The same rule in the Fastify route config, where the onRequest hook reads it before the body. */
export const EDITOR_SESSION_ROUTE_CONFIG = 'pictorEditorSession';

/**
 * Lets an editor session's token call this route under `rule` (§23). Every other route refuses such a
 * token with 403 `forbidden`: deny by default. For an upload an embed may make only with a permission:
 * `@EditorSessionAccess('uploadAssets')`.
 */
export const EditorSessionAccess = (rule: EditorSessionRule): MethodDecorator =>
  applyDecorators(SetMetadata(EDITOR_SESSION_RULE, rule), (_target: object, _key: string | symbol, descriptor: PropertyDescriptor) => {
    const handler = descriptor.value as object;
    const current = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as Record<string, unknown> | undefined) ?? {};
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...current, [EDITOR_SESSION_ROUTE_CONFIG]: rule }, handler);
    return descriptor;
  });

/** The route-level part of the check (no request body needed): a 403 for a route or permission the session lacks. */
export function checkEditorSessionRoute(principal: NonNullable<AuthenticatedRequest['principal']>, rule: EditorSessionRule | undefined): void {
  const grant = principal.editorSession;
  if (!grant) return;
  if (!rule) throw new AccountsException(AccountsErrorCode.FORBIDDEN, 'An editor session may not call this endpoint');
  if (PERMISSION_RULES.has(rule) && !grant.permissions[rule as 'uploadFonts' | 'uploadAssets']) {
    throw new AccountsException(AccountsErrorCode.FORBIDDEN, `This editor session lacks the ${rule} permission`);
  }
}
