import { Injectable, Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type { Account } from '../accounts/entities/account.entity';
import { BillingService } from '../billing/billing.service';
import { Clock } from '../common/clock/clock';
import { deriveKey } from '../common/crypto/derive-key';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { ImageStorage } from '../storage/image-storage';
import { ImagesException } from '../storage/images.exception';
import type { Template } from '../templates/entities/template.entity';
import { TemplatesService } from '../templates/templates.service';
import type { RenderRequest } from './dto/render-request.schema';
import { RenderResponse, RenderWarning, RenderWarningCode } from './dto/render-response';
import { LayerImageFetcher } from './layer-image-fetcher';
import { PublicRenderLimiter } from './public-render-limiter';
import { RenderCacheService } from './render-cache.service';
import { RenderBudget, RenderBudgetExceededError } from './render-budget';
import { RenderFlightService } from './render-flight.service';
import { planRender, RenderPlan } from './render-plan';
import { AccountFontsService } from '../fonts/account-fonts.service';
import { RenderErrorCode, RenderException } from './render.exception';
import { RendererService } from './renderer/renderer.service';
import { ImageAccessTracker } from './retention/image-access-tracker';

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
}

interface Drawing {
  warnings: RenderWarning[];
  headers: Record<string, string>;
  /** Recorded in the render cache (false when an image layer was unavailable). */
  reusable: boolean;
}

@Injectable()
export class RenderService {
  private readonly logger = new Logger(RenderService.name);
  private readonly cacheKeySecret: Buffer;

  constructor(
    private readonly config: AppConfig,
    private readonly templates: TemplatesService,
    private readonly cache: RenderCacheService,
    private readonly flights: RenderFlightService,
    private readonly accesses: ImageAccessTracker,
    private readonly publicLimits: PublicRenderLimiter,
    private readonly renderer: RendererService,
    private readonly storage: ImageStorage,
    private readonly imageFetcher: LayerImageFetcher,
    private readonly billing: BillingService,
    private readonly metrics: MetricsService,
    private readonly clock: Clock,
    private readonly accountFonts: AccountFontsService,
  ) {
    this.cacheKeySecret = deriveKey(config.secretsKey, 'render-cache-key');
  }

  /** POST /api/generate and /api/hooks/render: the caller's own template. */
  async renderOwned(account: Account, request: RenderRequest): Promise<RenderOutcome> {
    const startedAt = performance.now();
    const template = await this.templates.getOwned(account.id, request.templateId);
    return this.renderTemplate(account, template, request, startedAt);
  }

  /**
   * `verifyStored`: a cache hit is answered only if its image is still in storage (the answer is a URL
   * that must work); a gone image makes it a miss. GET /api/render passes false: it opens the image
   * right after, and treats a failed open the same way (see PublicRenderService), so it pays no extra check.
   * `anonymousClient`: the client address of an unauthenticated render (GET /api/render), limited per address when fresh.
   */
  async renderTemplate(
    owner: Account,
    template: Template,
    request: RenderRequest,
    startedAt = performance.now(),
    verifyStored = true,
    anonymousClient?: string,
  ): Promise<RenderOutcome> {
    const fonts = await this.accountFonts.plan(owner.id, template.layers);
    const plan = planRender({ ...template, layers: fonts.layers }, request, this.cacheKeySecret, fonts);
    const entry = await this.cache.find(plan.key);
    if (entry) {
      if (verifyStored && !(await this.storage.exists(plan.fileName))) await this.forgetStored(plan.key);
      // An entry retention deleted meanwhile is a miss too: draw it again (and count it).
      else if (await this.accesses.keepAlive(entry)) return this.answer(plan, entry.warnings, null, startedAt);
    }
    // Single flight: concurrent identical renders, on this instance or (with Redis) any other, draw once.
    const flight = await this.flights.run(plan.key, () => this.draw(owner, template, plan, anonymousClient));
    return this.answer(plan, flight.result.warnings, flight.drew ? (flight.result as Drawing).headers : null, startedAt);
  }

  /** The image of cache entry `key` is gone from storage: drop the entry so the render is drawn again. */
  async forgetStored(key: string): Promise<void> {
    this.logger.warn(`Cached image ${key} is missing from storage; drawing it again`);
    await this.cache.forget(key);
  }

  /**
   * Counts the render (429 when over a limit), then draws within RENDER_TIMEOUT; a failed or
   * overrun drawing gives its unit and minute slot back.
   */
  private async draw(owner: Account, template: Template, plan: RenderPlan, anonymousClient?: string): Promise<Drawing> {
    // The anonymous caller's own limit first: over it, the owner is charged nothing (§19).
    const releaseClient = anonymousClient === undefined ? null : await this.publicLimits.admit(anonymousClient);
    const admission = await this.billing.admit(owner).catch(async (error: unknown) => {
      await releaseClient?.();
      throw error;
    });
    const budget = new RenderBudget(this.config.renderTimeoutMs);
    const format = plan.job.output.format;
    const stopTimer = this.metrics.renderDuration.startTimer({ format });
    let warnings: RenderWarning[];
    let reusable = false;
    try {
      const fetched = await budget.race(this.imageFetcher.fetchAll(plan.job.design.layers, budget.signal));
      const drawn = await budget.race(this.renderer.draw({ ...plan.job, images: fetched.images }, budget.signal));
      await budget.race(this.storage.put(plan.fileName, drawn.bytes));
      warnings = [...fetched.warnings, ...drawn.warnings];
      if (drawn.fontsMissing) this.accountFonts.forgetLoaded(drawn.fontsMissing);
      else this.accountFonts.confirmLoaded(plan.job.fonts ?? []);
      // An unavailable image may be back next time, and a font the worker lacked travels with the next job: such a render is not cached.
      reusable = !drawn.fontsMissing && !warnings.some((warning) => warning.code === RenderWarningCode.IMAGE_UNAVAILABLE);
      if (reusable) {
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
      await Promise.all([admission.refund(), releaseClient?.()]);
      if (error instanceof RenderBudgetExceededError) {
        this.metrics.renders.inc({ format, outcome: 'timeout' });
        this.logger.warn(`Render of ${template.id} stopped after its budget of ${error.budgetMs} ms`);
        throw new RenderException(RenderErrorCode.RENDER_TIMEOUT, `The render did not finish within ${error.budgetMs} ms and was stopped`);
      }
      this.metrics.renders.inc({ format, outcome: 'failure' });
      // The store being down is the operator's 503, not a fault of this render.
      if (error instanceof ImagesException) throw error;
      this.logger.error(`Render of ${template.id} failed: ${(error as Error).stack ?? error}`);
      throw new RenderException(RenderErrorCode.RENDER_FAILED, 'The image could not be rendered');
    } finally {
      budget.finish();
    }
    // Drawn and stored: the unit is now spent for good (until here a crash lets its lease expire).
    await admission.commit();
    stopTimer();
    this.metrics.renders.inc({ format, outcome: 'success' });
    return { warnings, headers: admission.headers, reusable };
  }

  /** `countedHeaders` is null for answers that did not draw (cache hit or joined drawing). */
  private answer(plan: RenderPlan, drawingWarnings: RenderWarning[], countedHeaders: Record<string, string> | null, startedAt: number): RenderOutcome {
    const drew = countedHeaders !== null;
    // Counted here rather than in an interceptor: an interceptor on the route made Nest wrap every
    // request in rxjs and two AsyncResource.bind calls, a measurable share of a cached answer.
    this.metrics.renderCache.inc({ result: drew ? 'miss' : 'hit' });
    const warnings = [...plan.requestWarnings, ...drawingWarnings];
    const response: RenderResponse = {
      success: true,
      imageUrl: `${this.config.imageBaseUrl}/${plan.fileName}`,
      cached: !drew,
      generationTimeMs: Math.round(performance.now() - startedAt),
      ...(warnings.length > 0 ? { warnings } : {}),
    };
    return { response, json: JSON.stringify(response), drew, fileName: plan.fileName, headers: { ...countedHeaders, 'X-Cache': drew ? 'MISS' : 'HIT' } };
  }
}
