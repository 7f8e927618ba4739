import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AccountsErrorCode, AccountsException } from '../accounts/accounts.exception';
import { EditorSessionAuthority, EditorSessionGrant, EditorSessionRule } from '../accounts/auth/editor-session-authority';
import type { Account } from '../accounts/entities/account.entity';
import { createTemplateSchema, updateTemplateSchema } from '../design/template.schema';
import { previewRequestSchema } from '../preview/dto/preview-request.schema';
import { generateRequestSchema } from '../render/dto/render-request.schema';
import { TemplatesService } from '../templates/templates.service';
import { designRefusal, DesignUnderReview, overridesRefusal } from './editor-session-policy';
import { EditorSessionsService, grantOf } from './editor-sessions.service';

const forbidden = (message: string) => new AccountsException(AccountsErrorCode.FORBIDDEN, message);

/**
 * Judges every call an embed makes with its token (§23), on the server: only its template, that template's
 * preview and renders (billed to the owner) and the fonts list, within its permissions. A body that does not
 * parse is let through here: the route's own validation then answers its 400, and nothing changes.
 */
@Injectable()
export class EditorSessionAuthorityService extends EditorSessionAuthority {
  constructor(
    private readonly sessions: EditorSessionsService,
    private readonly templates: TemplatesService,
  ) {
    super();
  }

  async authenticate(token: string): Promise<{ account: Account; grant: EditorSessionGrant } | null> {
    const found = await this.sessions.find(token);
    return found?.live ? { account: found.account, grant: grantOf(found.session) } : null;
  }

  async authorize(grant: EditorSessionGrant, account: Account, rule: EditorSessionRule, request: FastifyRequest): Promise<void> {
    const params = request.params as Record<string, string | undefined>;
    switch (rule) {
      case 'template:read':
        if (params.id !== grant.templateId) throw forbidden('An editor session reaches only its own template');
        return;
      case 'template:create': {
        this.checkSaving(grant);
        if (grant.templateId !== null) throw forbidden('This editor session already has its template: save it with PATCH');
        const body = createTemplateSchema.safeParse(request.body);
        if (body.success) this.refuse(designRefusal(grant, null, body.data));
        return;
      }
      case 'template:save': {
        this.checkSaving(grant);
        if (params.id !== grant.templateId) throw forbidden('An editor session reaches only its own template');
        const body = updateTemplateSchema.safeParse(request.body);
        if (!body.success) return;
        const stored = await this.stored(account, grant);
        this.refuse(designRefusal(grant, stored, { ...stored!, ...body.data }));
        return;
      }
      case 'template:preview': {
        const body = previewRequestSchema.safeParse(request.body);
        if (!body.success) return;
        this.refuse(designRefusal(grant, await this.stored(account, grant), body.data.template));
        this.refuse(overridesRefusal(grant, body.data.layers));
        return;
      }
      case 'template:render': {
        const templateId = (request.body as { templateId?: unknown } | null)?.templateId;
        if (templateId !== undefined && (grant.templateId === null || templateId !== grant.templateId)) {
          throw forbidden('An editor session renders only its own template');
        }
        const body = generateRequestSchema.safeParse(request.body);
        if (body.success) this.refuse(overridesRefusal(grant, body.data.layers));
        return;
      }
      default:
        // fonts:list and the permission rules were settled by the route check.
        return;
    }
  }

  async bindCreated(grant: EditorSessionGrant, account: Account, templateId: string): Promise<void> {
    if (await this.sessions.bindTemplate(grant.id, templateId)) return;
    await this.templates.remove(account.id, templateId);
    throw forbidden('This editor session already has its template: save it with PATCH');
  }

  private checkSaving(grant: EditorSessionGrant): void {
    if (grant.mode !== 'design') throw forbidden('A form-mode editor session cannot save the template');
    if (!grant.permissions.save) throw forbidden('This editor session may not save');
  }

  private async stored(account: Account, grant: EditorSessionGrant): Promise<DesignUnderReview | null> {
    return grant.templateId === null ? null : await this.templates.getOwned(account.id, grant.templateId);
  }

  private refuse(reason: string | null): void {
    if (reason) throw forbidden(reason);
  }
}
