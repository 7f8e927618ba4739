import { Injectable, Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type { Account } from '../accounts/entities/account.entity';
import { Admission, BillingService } from '../billing/billing.service';
import { Clock } from '../common/clock/clock';
import { deriveKey } from '../common/crypto/derive-key';
import { AppConfig } from '../config/app-config';
import { ImageStorage } from '../storage/image-storage';
import type { Template } from '../templates/entities/template.entity';
import { TemplatesService } from '../templates/templates.service';
import type { RenderRequest } from './dto/render-request.schema';
import { RenderResponse, RenderWarning, RenderWarningCode } from './dto/render-response';
import { LayerImageFetcher } from './layer-image-fetcher';
import { RenderCacheService } from './render-cache.service';
import { RenderBudget, RenderBudgetExceededError } from './render-budget';
import { planRender, RenderPlan } from './render-plan';
import { RenderErrorCode, RenderException } from './render.exception';
import type { OutputFormat } from './renderer/draw-job';
import { RendererService } from './renderer/renderer.service';

/** What one render did, for the metrics interceptor (the service itself records no metrics). */
export interface RenderRecord {
  format: OutputFormat;
  /** True when this request drew the image; false for a cache hit or a joined drawing. */
  drew: boolean;
  /** Seconds spent fetching, drawing, encoding and storing (drawings only). */
  drawSeconds: number | null;
  /** Set when the drawing failed (render_failed) or overran its budget (render_timeout). */
  failure: RenderFailure | null;
}

export type RenderFailure = 'failure' | 'timeout';

export interface RenderOutcome {
  response: RenderResponse;
  /** The response serialized once: the HTTP body and, byte for byte, the webhook payload. */
  json: string;
  /** True when this request drew the image (and so was counted). */
  drew: boolean;
  /** `<key>.<ext>` in image storage. */
  fileName: string;
  /** X-Cache, plus the rate-limit headers on counted answers only. */
  headers: Record<string, string>;
  record: RenderRecord;
}

/** A render whose counting is decided (cache hit, joined drawing, or admitted); `outcome` settles when it is drawn. */
export interface StartedRender {
  outcome: Promise<RenderOutcome>;
}

interface Drawing {
  warnings: RenderWarning[];
  headers: Record<string, string>;
  drawSeconds: number;
}

@Injectable()
export class RenderService {
  private readonly logger = new Logger(RenderService.name);
  private readonly cacheKeySecret: Buffer;
  /** Single flight: concurrent identical renders on this instance share one drawing. */
  private readonly inFlight = new Map<string, Promise<Drawing>>();

  constructor(
    private readonly config: AppConfig,
    private readonly templates: TemplatesService,
    private readonly cache: RenderCacheService,
    private readonly renderer: RendererService,
    private readonly storage: ImageStorage,
    private readonly imageFetcher: LayerImageFetcher,
    private readonly billing: BillingService,
    private readonly clock: Clock,
  ) {
    this.cacheKeySecret = deriveKey(config.secretsKey, 'render-cache-key');
  }

  /** POST /api/generate and /api/hooks/render: the caller's own template. */
  async renderOwned(account: Account, request: RenderRequest): Promise<RenderOutcome> {
    return (await this.startOwned(account, request)).outcome;
  }

  async renderTemplate(owner: Account, template: Template, request: RenderRequest, startedAt = performance.now()): Promise<RenderOutcome> {
    return (await this.startTemplate(owner, template, request, startedAt)).outcome;
  }

  /** Resolves once the render is counted (or found not to need counting); the drawing goes on in `outcome`. */
  async startOwned(account: Account, request: RenderRequest): Promise<StartedRender> {
    const startedAt = performance.now();
    const template = await this.templates.getOwned(account.id, request.templateId);
    return this.startTemplate(account, template, request, startedAt);
  }

  /**
   * Cache, then an identical drawing in progress, then admission (429 when over a limit). A batch
   * calls this item after item, so limits are decided in order while drawings run in parallel.
   */
  async startTemplate(owner: Account, template: Template, request: RenderRequest, startedAt = performance.now()): Promise<StartedRender> {
    const plan = planRender(template, request, this.cacheKeySecret);
    const entry = await this.cache.find(plan.key);
    if (entry) return { outcome: Promise.resolve(this.answer(plan, entry.warnings, null, startedAt)) };
    const pending = this.inFlight.get(plan.key);
    if (pending) return { outcome: pending.then((drawn) => this.answer(plan, drawn.warnings, null, startedAt)) };

    const admission = this.billing.admit(owner);
    const drawing = admission.then((admitted) => this.draw(owner, template, plan, admitted));
    this.inFlight.set(plan.key, drawing);
    // Cleared when settled; the rejection is handled by whoever awaits this drawing.
    drawing.then(
      () => this.inFlight.delete(plan.key),
      () => this.inFlight.delete(plan.key),
    );
    await admission;
    return { outcome: drawing.then((drawn) => this.answer(plan, drawn.warnings, drawn, startedAt)) };
  }

  /** Draws an admitted render within RENDER_TIMEOUT; a failed or overrun drawing gives its unit and minute slot back. */
  private async draw(owner: Account, template: Template, plan: RenderPlan, admission: Admission): Promise<Drawing> {
    const budget = new RenderBudget(this.config.renderTimeoutMs);
    const format = plan.job.output.format;
    const drawStartedAt = performance.now();
    let warnings: RenderWarning[];
    try {
      const fetched = await budget.race(this.imageFetcher.fetchAll(plan.job.design.layers, budget.signal));
      const drawn = await budget.race(this.renderer.draw({ ...plan.job, images: fetched.images }, budget.signal));
      await budget.race(this.storage.put(plan.fileName, drawn.bytes));
      warnings = [...fetched.warnings, ...drawn.warnings];
      // An unavailable image may be back next time: such a render is not cached.
      if (!warnings.some((warning) => warning.code === RenderWarningCode.IMAGE_UNAVAILABLE)) {
        await this.cache.record({
          key: plan.key,
          accountId: owner.id,
          templateId: template.id,
          templateVersion: template.version,
          format,
          byteSize: drawn.bytes.byteLength,
          warnings,
          createdAt: this.clock.now(),
        });
      }
    } catch (error) {
      await admission.refund();
      const failed = (failure: RenderFailure): RenderRecord => ({ format, drew: true, drawSeconds: null, failure });
      if (error instanceof RenderBudgetExceededError) {
        this.logger.warn(`Render of ${template.id} stopped after its budget of ${error.budgetMs} ms`);
        throw new RenderException(RenderErrorCode.RENDER_TIMEOUT, `The render did not finish within ${error.budgetMs} ms and was stopped`, failed('timeout'));
      }
      this.logger.error(`Render of ${template.id} failed: ${(error as Error).stack ?? error}`);
      throw new RenderException(RenderErrorCode.RENDER_FAILED, 'The image could not be rendered', failed('failure'));
    } finally {
      budget.finish();
    }
    // Drawn and stored: the unit is now spent for good (until here a crash lets its lease expire).
    await admission.commit();
    return { warnings, headers: admission.headers, drawSeconds: (performance.now() - drawStartedAt) / 1000 };
  }

  /** `drawing` is null for answers that did not draw (cache hit or joined drawing). */
  private answer(plan: RenderPlan, drawingWarnings: RenderWarning[], drawing: Drawing | null, startedAt: number): RenderOutcome {
    const drew = drawing !== null;
    const warnings = [...plan.requestWarnings, ...drawingWarnings];
    const response: RenderResponse = {
      success: true,
      imageUrl: `${this.config.publicBaseUrl}/api/images/generated/${plan.fileName}`,
      cached: !drew,
      generationTimeMs: Math.round(performance.now() - startedAt),
      ...(warnings.length > 0 ? { warnings } : {}),
    };
    return {
      response,
      json: JSON.stringify(response),
      drew,
      fileName: plan.fileName,
      headers: { ...drawing?.headers, 'X-Cache': drew ? 'MISS' : 'HIT' },
      record: { format: plan.job.output.format, drew, drawSeconds: drawing?.drawSeconds ?? null, failure: null },
    };
  }
}
