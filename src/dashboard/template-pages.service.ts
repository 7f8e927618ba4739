import { Injectable } from '@nestjs/common';
import type { Account } from '../accounts/entities/account.entity';
import { AppException } from '../common/errors/app-exception';
import { PreviewService } from '../preview/preview.service';
import type { Template } from '../templates/entities/template.entity';
import { TemplatesService } from '../templates/templates.service';
import { AccountPagesService, TO_LOGIN } from './account-pages.service';
import type { DashboardRequest, PageResult } from './dashboard.service';
import { SessionsService } from './sessions.service';
import { StudioAssets } from '../studio-bundle/studio-assets';
import { templateJsonSchema } from '../design/template-json-schema';
import { studioPage } from './views/studio-page';
import { templatesPage } from './views/templates-page';

const THUMBNAIL_WIDTH = 360;

export type ThumbnailResult = { status: 200; bytes: Buffer; contentType: string } | { status: 303 | 404 | 429; redirect?: string };

/** /app/templates: the list (thumbnails, duplicate, delete) and the studio's page. */
@Injectable()
export class TemplatePagesService {
  constructor(
    private readonly pages: AccountPagesService,
    private readonly sessions: SessionsService,
    private readonly templates: TemplatesService,
    private readonly previews: PreviewService,
    private readonly assets: StudioAssets,
  ) {}

  list(request: DashboardRequest): Promise<PageResult> {
    return this.pages.render(request, 'templates', async (shell, active) => templatesPage(shell, { templates: await this.templates.list(active.account.id) }));
  }

  duplicate(request: DashboardRequest, id: string): Promise<PageResult> {
    return this.pages.mutate(request, '/app/templates', async (active) => {
      const original = await this.templates.getOwned(active.account.id, id);
      const copy = await this.templates.create(active.account.id, { ...designOf(original), name: `${original.name} (copy)`.slice(0, 200) });
      return { notice: `Created “${copy.name}”.` };
    });
  }

  remove(request: DashboardRequest, id: string): Promise<PageResult> {
    return this.pages.mutate(request, '/app/templates', async (active) => {
      const template = await this.templates.getOwned(active.account.id, id);
      await this.templates.remove(active.account.id, id);
      return { notice: `Deleted “${template.name}”.` };
    });
  }

  /** The studio page; `id` null for a new template. The editor itself loads the template through the API. */
  async studio(request: DashboardRequest, id: string | null): Promise<PageResult> {
    const active = await this.sessions.resolve(request.sessionToken);
    if (!active) return TO_LOGIN;
    if (id !== null) await this.templates.getOwned(active.account.id, id);
    const entry = this.assets.entryPoint();
    // The same document GET /api/templates/schema.json serves, embedded so the editor starts without a round trip.
    return { status: 200, html: studioPage({ csrfToken: active.session.csrfToken, templateId: id, templateSchema: templateJsonSchema(), ...entry }) };
  }

  /** A small drawing of the saved template, through the preview (its limit applies; never billed). */
  async thumbnail(request: DashboardRequest, id: string): Promise<ThumbnailResult> {
    const active = await this.sessions.resolve(request.sessionToken);
    if (!active) return { status: 303, redirect: '/app/login' };
    try {
      const template = await this.templates.getOwned(active.account.id, id);
      return { status: 200, ...(await this.draw(active.account, template)) };
    } catch (error) {
      if (error instanceof AppException && (error.status === 404 || error.status === 429)) return { status: error.status };
      throw error;
    }
  }

  private draw(account: Account, template: Template) {
    const width = Math.min(THUMBNAIL_WIDTH, template.width);
    return this.previews.preview(account, { template: designOf(template), layers: {}, width, format: 'webp', quality: 80 });
  }
}

function designOf(template: Template) {
  const { name, width, height, background, publicRender, layers } = template;
  return { name, width, height, background, publicRender, layers };
}
