import { Injectable } from '@nestjs/common';
import { StudioAssets } from '../studio-bundle/studio-assets';
import { templateJsonSchema } from '../design/template-json-schema';
import { EditorSessionsService } from './editor-sessions.service';
import { embedPage, endedPage } from './views/embed-page';

export interface EmbedPageResult {
  status: number;
  html: string;
  /** The CSP frame-ancestors sources: the session's origins, or 'none' for a token that names no session. */
  frameAncestors: string;
}

/** GET /embed/<token>: the studio (design mode) or the form (form mode) of one editor session. */
@Injectable()
export class EmbedPagesService {
  constructor(
    private readonly sessions: EditorSessionsService,
    private readonly assets: StudioAssets,
  ) {}

  async page(token: string): Promise<EmbedPageResult> {
    const found = await this.sessions.find(token);
    if (!found) return { status: 404, html: endedPage('This editor link is not valid.'), frameAncestors: "'none'" };
    const { session } = found;
    const frameAncestors = session.allowedOrigins.join(' ');
    if (!found.live) {
      const why = session.revokedAt ? 'was revoked' : 'has expired';
      return { status: 410, html: endedPage(`This editor session ${why}. Reload the page that shows it to start a new one.`), frameAncestors };
    }
    const bootstrap = {
      token,
      mode: session.mode,
      templateId: session.templateId,
      allowedOrigins: session.allowedOrigins,
      permissions: session.permissions,
      templateSchema: session.mode === 'design' ? templateJsonSchema() : null,
    };
    return { status: 200, html: embedPage(bootstrap, this.assets.entryPoint('src/embed.tsx')), frameAncestors };
  }
}
