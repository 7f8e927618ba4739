import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Account } from '../accounts/entities/account.entity';
import { Clock } from '../common/clock/clock';
import { OUTPUT_FORMATS } from '../design/output-formats';
import type { RenderWarning } from '../design/render-warning';
import { AppConfig } from '../config/app-config';
import { RenderBudget, RenderBudgetExceededError } from '../render/render-budget';
import { RenderPipeline } from '../render/render-pipeline';
import { RequestLimits } from '../limits/request-limits';
import type { Template } from '../templates/entities/template.entity';
import type { PreviewRequest } from './dto/preview-request.schema';
import { PreviewErrorCode, PreviewException } from './preview.exception';
import { previewSize } from './preview-size';

export interface PreviewImage {
  bytes: Buffer;
  contentType: string;
  /** The request's warnings, then the drawing's, as a render would answer them (§24: shown beside the studio's canvas). */
  warnings: RenderWarning[];
}

/**
 * Draws an unsaved design through the API's own planner and renderer, so the studio shows exactly
 * what a render would. Nothing is cached, stored or billed; previews have their own per-account limit.
 */
@Injectable()
export class PreviewService {
  private readonly logger = new Logger(PreviewService.name);
  /** planRender wants a cache-key secret; a preview's key is never used, so any per-process secret does. */
  private readonly unusedKeySecret = randomBytes(32);

  constructor(
    private readonly config: AppConfig,
    private readonly pipeline: RenderPipeline,
    private readonly limits: RequestLimits,
    private readonly clock: Clock,
  ) {}

  async preview(account: Account, request: PreviewRequest): Promise<PreviewImage> {
    // PREVIEW_PER_MINUTE per account, its own limit apart from the plan's.
    await this.limits.consume('preview', account.id);
    const now = this.clock.now();
    const template: Template = { ...request.template, id: 'preview', accountId: account.id, version: 0, createdAt: now, updatedAt: now };
    // The account's own fonts draw in previews as in renders (an unknown family draws the default).
    const plan = await this.pipeline.plan(account.id, template, { ...request, templateId: template.id }, this.unusedKeySecret);
    const output = { ...plan.job.output, ...previewSize(plan.job.output.width, plan.job.output.height) };
    // The same budget as a render (RENDER_TIMEOUT): a design that draws too long is stopped, not waited for.
    const budget = new RenderBudget(this.config.renderTimeoutMs);
    try {
      const drawn = await this.pipeline.draw(account.id, plan.job, budget, output);
      return {
        bytes: Buffer.from(drawn.bytes.buffer, drawn.bytes.byteOffset, drawn.bytes.byteLength),
        contentType: OUTPUT_FORMATS[output.format].contentType,
        warnings: [...plan.requestWarnings, ...drawn.warnings],
      };
    } catch (error) {
      if (error instanceof RenderBudgetExceededError) {
        throw new PreviewException(PreviewErrorCode.RENDER_TIMEOUT, `The preview did not finish within ${error.budgetMs} ms and was stopped`);
      }
      this.logger.error(`Preview failed: ${(error as Error).stack ?? String(error)}`);
      throw new PreviewException(PreviewErrorCode.RENDER_FAILED, 'The preview could not be rendered');
    } finally {
      budget.finish();
    }
  }
}
