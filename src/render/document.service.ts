import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Account } from '../accounts/entities/account.entity';
import { deriveKey } from '../common/crypto/derive-key';
import { AppConfig } from '../config/app-config';
import type { RenderWarning } from '../design/render-warning';
import type { Template } from '../templates/entities/template.entity';
import { TemplatesErrorCode, TemplatesException } from '../templates/templates.exception';
import { TemplatesService } from '../templates/templates.service';
import { DocumentComposer } from './document-composer';
import type { DocumentRequest } from './dto/document-request.schema';
import type { DocumentResponse, DocumentWarning } from './dto/render-response';
import { RenderedAnswer } from './rendered-answer';
import { RenderPipeline } from './render-pipeline';
import { canonicalJson, RenderPlan } from './render-plan';
import { RenderService } from './render.service';

/** Warnings travel (and are cached) as one list, each naming its page. */
const onPage = (page: number) => (warning: RenderWarning) => ({ ...warning, page });

/**
 * POST /api/generate/document (§21): every page planned like a render of its own (overrides, size, fonts, cache key),
 * then the document as one output through RenderService.startPlanned: cached as a whole under a key over every page's
 * key, drawn once when concurrent, admitted for one unit per page (all or none, one minute slot), drawn page by page
 * within one render budget (DocumentComposer), stored and committed like a render.
 */
@Injectable()
export class DocumentService {
  private readonly cacheKeySecret: Buffer;

  constructor(
    config: AppConfig,
    private readonly templates: TemplatesService,
    private readonly pipeline: RenderPipeline,
    private readonly composer: DocumentComposer,
    private readonly renders: RenderService,
  ) {
    this.cacheKeySecret = deriveKey(config.secretsKey, 'render-cache-key');
  }

  async generate(account: Account, request: DocumentRequest): Promise<RenderedAnswer> {
    const startedAt = performance.now();
    const pdf = { archival: request.pdf?.archival === true };
    const templates = await this.templatesOf(account, request);
    const plans: RenderPlan[] = [];
    for (const [index, page] of request.pages.entries()) {
      const pageRequest = { templateId: page.templateId, layers: page.layers ?? {}, width: page.width, height: page.height, format: 'pdf' as const, pdf };
      plans.push(await this.pipeline.plan(account.id, templates[index], pageRequest, this.cacheKeySecret));
    }
    // Each page's key covers its template version, overrides, size, fonts and the PDF options.
    const key = createHmac('sha256', this.cacheKeySecret)
      .update(canonicalJson({ document: 1, pages: plans.map((plan) => plan.key) }))
      .digest('hex');
    const started = await this.renders.startPlanned(
      account,
      {
        key,
        fileName: `${key}.pdf`,
        format: 'pdf',
        requestWarnings: plans.flatMap((plan, index) => plan.requestWarnings.map(onPage(index))),
        template: templates[0],
        units: plans.length,
        draw: async (budget) => {
          const composed = await this.composer.compose(
            account.id,
            plans.map((plan) => plan.job),
            { archival: pdf.archival, budget },
          );
          return {
            bytes: composed.bytes,
            fontsMissing: composed.fontsMissing,
            warnings: composed.pageWarnings.flatMap((warnings, index) => warnings.map(onPage(index))),
          };
        },
      },
      { startedAt },
    );
    const outcome = await started.outcome;
    const warnings = ((outcome.response.warnings ?? []) as DocumentWarning[]).slice().sort((a, b) => a.page - b.page);
    const response: DocumentResponse = { ...outcome.response, success: true, pages: plans.length, warnings };
    return new RenderedAnswer(JSON.stringify(response), outcome.headers, [outcome.record]);
  }

  /** Each page's template, the caller's own (an unknown or another account's is a 404 naming the page); each loaded once. */
  private async templatesOf(account: Account, request: DocumentRequest): Promise<Template[]> {
    const loaded = new Map<string, Template>();
    const templates: Template[] = [];
    for (const [index, { templateId }] of request.pages.entries()) {
      let template = loaded.get(templateId);
      if (!template) {
        template = await this.templates.getOwned(account.id, templateId).catch((error: unknown) => {
          if (error instanceof TemplatesException && error.code === TemplatesErrorCode.TEMPLATE_NOT_FOUND)
            throw new TemplatesException(TemplatesErrorCode.TEMPLATE_NOT_FOUND, `pages.${index}.templateId: template ${templateId} not found`);
          throw error;
        });
        loaded.set(templateId, template);
      }
      templates.push(template);
    }
    return templates;
  }
}
