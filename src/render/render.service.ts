import { Injectable, Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type { Account } from '../accounts/entities/account.entity';
import { BillingService } from '../billing/billing.service';
import type { PrepaidUnit } from '../billing/prepaid-unit';
import { Clock } from '../common/clock/clock';
import { deriveKey } from '../common/crypto/derive-key';
import { dependencyOutage } from '../common/errors/dependency-outage';
import type { TransactionBody } from '../database/sql-transaction';
import { AppConfig } from '../config/app-config';
import { ImageStorage } from '../storage/image-storage';
import { ImagesException } from '../storage/images.exception';
import type { Template } from '../templates/entities/template.entity';
import { TemplatesService } from '../templates/templates.service';
import type { RenderRequest } from './dto/render-request.schema';
import { RenderWarning, RenderWarningCode } from '../design/render-warning';
import type { OutputFormat } from '../design/output-formats';
import { RenderResponse } from './dto/render-response';
import { PublicRenderLimiter } from './public-render-limiter';
import { RenderCacheService } from './render-cache.service';
import { RenderBudget, RenderBudgetExceededError } from './render-budget';
import { RenderFlightService } from './render-flight.service';
import { RenderPlanMemo } from './render-plan-memo';
import { DrawnImage, RenderPipeline } from './render-pipeline';
import { RenderErrorCode, RenderException } from './render.exception';
import type { RenderFailure, RenderRecord } from './render-record';
import { ImageAccessTracker } from './retention/image-access-tracker';

/** What one render did, for the metrics interceptor (the service itself records no metrics). */
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

export interface TemplateRenderOptions {
  /** When the request began (`generationTimeMs` counts from it). */
  startedAt?: number;
  /**
   * A cache hit is answered only if its image is still in storage (the answer is a URL that must work); a gone
   * image makes it a miss. GET /api/render passes false: it opens the image right after, and treats a failed
   * open the same way (see PublicRenderService), so it pays no extra check.
   */
  verifyStored?: boolean;
  /** The client address of an unauthenticated render (GET /api/render), limited per address when fresh. */
  anonymousClient?: string;
  /** False for job rows (§22): they count toward the monthly quota only, never the per-minute limit. */
  minuteSlot?: boolean;
  /**
   * When this call draws the image itself (not a cache hit, nor a drawing another request started): a body that
   * commits in the render's own transaction, with its unit and cache row, given what the answer will say. A job
   * row records itself this way (one transaction less per row); it is committed if and only if the render resolves.
   */
  commitAlongside?: (answer: { imageUrl: string; warnings: RenderWarning[] }) => TransactionBody<void>;
  /** A job row's unit counted ahead (see prepay): taken if this call draws; the caller releases it otherwise. */
  prepaid?: PrepaidUnit;
}

export type { PrepaidUnit };

/**
 * What a fresh drawing makes, once planned: a render's image, or a document's pages in one PDF (DocumentService).
 * Everything around the drawing (cache, single flight, admission, budget, storage, commit) is the same for both.
 */
export interface PlannedOutput {
  key: string;
  fileName: string;
  format: OutputFormat;
  /** Warnings that depend on the request, not the drawing: recomputed on every answer. */
  requestWarnings: RenderWarning[];
  /** Recorded with the cache row (a document: its first page's template). */
  template: Pick<Template, 'id' | 'version'>;
  /** Monthly units counted when drawn fresh, all or none (a document: one per page); one minute slot whatever the number. */
  units: number;
  draw(budget: RenderBudget): Promise<DrawnImage>;
}

/** A render whose counting is decided (cache hit, joined drawing, or admitted); `outcome` settles when it is drawn. */
export interface StartedRender {
  outcome: Promise<RenderOutcome>;
}

/** An answer's warnings: the request's (recomputed on every answer), then the drawing's. */
const answerWarnings = (plan: Pick<PlannedOutput, 'requestWarnings'>, drawingWarnings: RenderWarning[]): RenderWarning[] => [
  ...plan.requestWarnings,
  ...drawingWarnings,
];

interface Drawing {
  warnings: RenderWarning[];
  headers: Record<string, string>;
  /** Recorded in the render cache (false when an image layer was unavailable). */
  reusable: boolean;
  drawSeconds: number;
}

@Injectable()
export class RenderService {
  private readonly logger = new Logger(RenderService.name);
  private readonly cacheKeySecret: Buffer;
  private readonly plans = new RenderPlanMemo();

  constructor(
    private readonly config: AppConfig,
    private readonly templates: TemplatesService,
    private readonly cache: RenderCacheService,
    private readonly flights: RenderFlightService,
    private readonly accesses: ImageAccessTracker,
    private readonly publicLimits: PublicRenderLimiter,
    private readonly pipeline: RenderPipeline,
    private readonly storage: ImageStorage,
    private readonly billing: BillingService,
    private readonly clock: Clock,
  ) {
    this.cacheKeySecret = deriveKey(config.secretsKey, 'render-cache-key');
  }

  /** POST /api/generate and /api/hooks/render: the caller's own template. */
  async renderOwned(account: Account, request: RenderRequest): Promise<RenderOutcome> {
    return (await this.startOwned(account, request)).outcome;
  }

  /** Resolves once the render is counted (or found not to need counting); the drawing goes on in `outcome`. */
  async startOwned(account: Account, request: RenderRequest): Promise<StartedRender> {
    const startedAt = performance.now();
    const template = await this.templates.getOwned(account.id, request.templateId);
    return this.startTemplate(account, template, request, { startedAt });
  }

  /** A unit for a job row to come, counted in the transaction that claims the row (job rows only: no minute slot). */
  prepay(owner: Account): PrepaidUnit {
    return this.billing.prepay(owner);
  }

  /** A render of `template` for its owner; see TemplateRenderOptions. */
  async renderTemplate(owner: Account, template: Template, request: RenderRequest, options: TemplateRenderOptions = {}): Promise<RenderOutcome> {
    return (await this.startTemplate(owner, template, request, options)).outcome;
  }

  /**
   * Cache, then single flight, then admission (429 when over a limit). Resolves once this request is
   * decided: a cache hit, its own drawing admitted, or a joined drawing finished. A batch calls this
   * item after item, so limits are decided in order while admitted drawings run in parallel.
   */
  async startTemplate(owner: Account, template: Template, request: RenderRequest, options: TemplateRenderOptions = {}): Promise<StartedRender> {
    const memoKey = this.plans.keyOf(template, request);
    let plan = this.plans.get(memoKey);
    if (!plan) {
      plan = await this.pipeline.plan(owner.id, template, request, this.cacheKeySecret);
      this.plans.remember(memoKey, plan);
    }
    const output: PlannedOutput = {
      key: plan.key,
      fileName: plan.fileName,
      format: plan.job.output.format,
      requestWarnings: plan.requestWarnings,
      template,
      units: 1,
      // A local store's file is written by the render thread that drew it (the bytes never reach this thread).
      draw: (budget) => this.pipeline.draw(owner.id, plan.job, budget, plan.job.output, this.storage.localWrite(plan.fileName) ?? undefined),
    };
    return this.startPlanned(owner, output, options);
  }

  /** startTemplate after planning: any planned output (a render, a document) is cached, single-flighted, admitted and stored alike. */
  async startPlanned(owner: Account, plan: PlannedOutput, options: TemplateRenderOptions = {}): Promise<StartedRender> {
    const { startedAt = performance.now(), verifyStored = true, anonymousClient, minuteSlot = true, commitAlongside, prepaid } = options;
    const entry = await this.cache.find(plan.key);
    if (entry) {
      if (verifyStored && !(await this.storage.exists(plan.fileName))) await this.forgetStored(plan.key);
      // An entry retention deleted meanwhile is a miss too: draw it again (and count it).
      else if (await this.accesses.keepAlive(entry)) return { outcome: Promise.resolve(this.answer(plan, entry.warnings, null, startedAt)) };
    }
    let admitted!: () => void;
    const decided = new Promise<void>((resolve) => (admitted = resolve));
    // Single flight: concurrent identical renders, on this instance or (with Redis) any other, draw once.
    const outcome = this.flights
      .run(plan.key, () => this.draw(owner, plan, { anonymousClient, minuteSlot, commitAlongside, prepaid }, admitted))
      .then((flight) => this.answer(plan, flight.result.warnings, flight.drew ? (flight.result as Drawing) : null, startedAt));
    // A refusal (429) rejects `outcome` before `decided` and is thrown here.
    await Promise.race([decided, outcome]);
    return { outcome };
  }

  /** The image of cache entry `key` is gone from storage: drop the entry so the render is drawn again. */
  async forgetStored(key: string): Promise<void> {
    this.logger.warn(`Cached image ${key} is missing from storage; drawing it again`);
    await Promise.all([this.cache.forget(key), this.flights.forget(key)]);
  }

  /**
   * Counts the render (429 when over a limit), then draws within RENDER_TIMEOUT; a failed or
   * overrun drawing gives its unit and minute slot back.
   */
  private async draw(
    owner: Account,
    plan: PlannedOutput,
    { anonymousClient, minuteSlot, commitAlongside, prepaid }: Pick<TemplateRenderOptions, 'anonymousClient' | 'minuteSlot' | 'commitAlongside' | 'prepaid'>,
    onAdmitted: () => void,
  ): Promise<Drawing> {
    // The anonymous caller's own limit first: over it, the owner is charged nothing (§19).
    const releaseClient = anonymousClient === undefined ? null : await this.publicLimits.admit(anonymousClient);
    // A prepaid unit is one monthly unit without a minute slot: it admits only a render that needs just that.
    const taken = !minuteSlot && plan.units === 1 ? prepaid?.take() : null;
    const admission =
      taken ??
      (await this.billing.admit(owner, { minuteSlot, units: plan.units }).catch(async (error: unknown) => {
        await releaseClient?.();
        throw error;
      }));
    onAdmitted();
    const budget = new RenderBudget(this.config.renderTimeoutMs);
    const { format, template } = plan;
    const drawStartedAt = performance.now();
    let warnings: RenderWarning[];
    let reusable: boolean;
    try {
      const drawn = await plan.draw(budget);
      if (drawn.storedBytes === undefined) await budget.race(this.storage.put(plan.fileName, drawn.bytes));
      warnings = drawn.warnings;
      // An unavailable image may be back next time, and a font the worker lacked travels with the next job: such a render is not cached.
      reusable = !drawn.fontsMissing && !warnings.some((warning) => warning.code === RenderWarningCode.IMAGE_UNAVAILABLE);
      const entry = reusable
        ? {
            key: plan.key,
            accountId: owner.id,
            templateId: template.id,
            templateVersion: template.version,
            format,
            byteSize: drawn.storedBytes ?? drawn.bytes.byteLength,
            warnings,
            createdAt: this.clock.now(),
          }
        : null;
      // Drawn and stored: the unit is spent for good and the image recorded, in one transaction (until
      // here a crash lets the lease expire; after it, both hold). A failed commit refunds below.
      const alongside = commitAlongside?.({ imageUrl: this.imageUrlOf(plan), warnings: answerWarnings(plan, warnings) });
      await admission.commit(entry ? [this.cache.recordStatement(entry)] : [], alongside);
      if (entry) this.cache.remember(entry);
    } catch (error) {
      await Promise.all([admission.refund(), releaseClient?.()]);
      const failed = (failure: RenderFailure): RenderRecord => ({ format, drew: true, drawSeconds: null, failure });
      if (error instanceof RenderBudgetExceededError) {
        this.logger.warn(`Render of ${template.id} stopped after its budget of ${error.budgetMs} ms`);
        throw new RenderException(RenderErrorCode.RENDER_TIMEOUT, `The render did not finish within ${error.budgetMs} ms and was stopped`, failed('timeout'));
      }
      // The store, the database or Redis being down is the operator's 503, not a fault of this render.
      if (error instanceof ImagesException) throw error;
      const outage = dependencyOutage(error);
      if (outage) throw outage;
      this.logger.error(`Render of ${template.id} failed: ${(error as Error).stack ?? String(error)}`);
      throw new RenderException(RenderErrorCode.RENDER_FAILED, 'The image could not be rendered', failed('failure'));
    } finally {
      budget.finish();
    }
    return { warnings, headers: admission.headers, reusable, drawSeconds: (performance.now() - drawStartedAt) / 1000 };
  }

  /** `drawing` is null for answers that did not draw (cache hit or joined drawing). */
  private answer(plan: PlannedOutput, drawingWarnings: RenderWarning[], drawing: Drawing | null, startedAt: number): RenderOutcome {
    const drew = drawing !== null;
    const warnings = answerWarnings(plan, drawingWarnings);
    const response: RenderResponse = {
      success: true,
      imageUrl: this.imageUrlOf(plan),
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
      record: { format: plan.format, drew, drawSeconds: drawing?.drawSeconds ?? null, failure: null },
    };
  }

  private imageUrlOf(plan: Pick<PlannedOutput, 'fileName'>): string {
    return `${this.config.imageBaseUrl}/${plan.fileName}`;
  }
}
