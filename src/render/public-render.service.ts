import { Injectable } from '@nestjs/common';
import { stringify } from 'qs';
import type { Readable } from 'node:stream';
import { AccountsService } from '../accounts/accounts.service';
import { Clock } from '../common/clock/clock';
import { ifNoneMatchHits } from '../common/http/conditional-get';
import { AppConfig } from '../config/app-config';
import { SettingsService } from '../settings/settings.service';
import { ImageStorage } from '../storage/image-storage';
import { CONTENT_TYPE_BY_EXTENSION, HEADERS_BY_EXTENSION } from '../design/output-formats';
import type { Template } from '../templates/entities/template.entity';
import { TemplatesException } from '../templates/templates.exception';
import { TemplatesService } from '../templates/templates.service';
import { parsePublicRenderQuery, queryWithoutSignature } from './dto/public-render-query';
import { PublicRenderErrorCode, PublicRenderException } from './public-render.exception';
import { RenderErrorCode, RenderException } from './render.exception';
import type { RenderRecord } from './render-record';
import { RenderService } from './render.service';
import { signatureMatches, signQuery } from './url-signature';

export type PublicRenderAnswer =
  | { notModified: true; headers: Record<string, string>; record: RenderRecord }
  | { notModified: false; headers: Record<string, string>; record: RenderRecord; stream: Readable; size: number };

/**
 * GET /api/render: no caller identity; the template's owner is billed. Order: query (400/414),
 * template (404, also for publicRender false), signature (403), limits (429), render.
 */
@Injectable()
export class PublicRenderService {
  constructor(
    private readonly config: AppConfig,
    private readonly templates: TemplatesService,
    private readonly accounts: AccountsService,
    private readonly settings: SettingsService,
    private readonly renders: RenderService,
    private readonly storage: ImageStorage,
    private readonly clock: Clock,
  ) {}

  /** `clientAddress`: the caller's address (X-Forwarded-For only through TRUST_PROXY), for the anonymous limit. */
  async render(rawQuery: string, ifNoneMatch: string | undefined, clientAddress: string): Promise<PublicRenderAnswer> {
    const query = parsePublicRenderQuery(rawQuery);
    const template = await this.publicTemplate(query.request.templateId);
    if (template.publicRender === 'signed') await this.checkSignature(template, rawQuery, query.signature, query.expires);
    const owner = await this.accounts.current(template.accountId);
    let outcome = await this.renders.renderTemplate(owner, template, query.request, { verifyStored: false, anonymousClient: clientAddress });
    const notModified = ifNoneMatchHits(ifNoneMatch, `"${outcome.fileName.split('.')[0]}"`);
    let stored = notModified ? null : await this.storage.open(outcome.fileName);
    if (!notModified && !stored && !outcome.drew) {
      // A cache entry whose image is gone is a miss: draw it again (counted), once.
      await this.renders.forgetStored(outcome.fileName.split('.')[0]);
      outcome = await this.renders.renderTemplate(owner, template, query.request, { verifyStored: false, anonymousClient: clientAddress });
      stored = await this.storage.open(outcome.fileName);
    }
    const [key, extension] = outcome.fileName.split('.');
    const etag = `"${key}"`;
    const headers = {
      ...outcome.headers,
      'content-type': CONTENT_TYPE_BY_EXTENSION.get(extension)!,
      ...HEADERS_BY_EXTENSION.get(extension),
      etag,
      'cache-control': 'public, max-age=86400',
      'x-cache': outcome.drew ? 'MISS' : 'HIT',
    };
    if (notModified) return { notModified: true, headers, record: outcome.record };
    if (!stored) throw new RenderException(RenderErrorCode.RENDER_FAILED, 'Rendered image is missing from storage');
    return { notModified: false, headers, record: outcome.record, ...stored };
  }

  /** GET /api/templates/:id/url: a ready public URL for these layer values, signed when the template requires it. */
  async buildUrl(accountId: string, templateId: string, rawQuery: string): Promise<{ url: string; signed: boolean }> {
    const template = await this.templates.getOwned(accountId, templateId);
    const { request, expires } = parsePublicRenderQuery(rawQuery);
    if (template.publicRender === false) throw TemplatesException.notFound(templateId);
    const query = stringify({ ...request, templateId: template.id, expires }, { encodeValuesOnly: true, skipNulls: true });
    if (template.publicRender !== 'signed') return { url: `${this.config.publicBaseUrl}/api/render?${query}`, signed: false };
    const secret = await this.settings.currentUrlSigningSecret(accountId);
    if (!secret)
      throw new PublicRenderException(PublicRenderErrorCode.SIGNATURE_INVALID, 'Generate a URL-signing secret first (POST /api/settings/url-signing-secret)');
    return { url: `${this.config.publicBaseUrl}/api/render?${query}&s=${signQuery(secret, query)}`, signed: true };
  }

  private async publicTemplate(templateId: string): Promise<Template> {
    // Only "no such template" is a 404; a database that is down answers its 503.
    const template = await this.templates.getById(templateId).catch((error: unknown) => {
      if (error instanceof TemplatesException) return null;
      throw error;
    });
    if (!template || template.publicRender === false) throw TemplatesException.notFound(templateId);
    return template;
  }

  private async checkSignature(template: Template, rawQuery: string, signature: string | undefined, expires: number | undefined) {
    const refuse = (why: string) => new PublicRenderException(PublicRenderErrorCode.SIGNATURE_INVALID, why);
    if (!signature) throw refuse('This template needs a signed URL (parameter s)');
    const secret = await this.settings.currentUrlSigningSecret(template.accountId);
    if (!secret || !signatureMatches(secret, queryWithoutSignature(rawQuery), signature)) throw refuse('URL signature does not match');
    if (expires !== undefined && expires * 1000 <= this.clock.nowMs()) throw refuse('Signed URL has expired');
  }
}
