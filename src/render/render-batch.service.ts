import { Injectable, Logger } from '@nestjs/common';
import type { Account } from '../accounts/entities/account.entity';
import { settle, type SettledPromise } from '../common/async/settle';
import { toErrorResponse } from '../common/errors/error-body';
import { parseOrThrow } from '../common/validation/zod-validation.pipe';
import { batchRequestSchema } from './dto/render-batch.schema';
import { generateRequestSchema } from './dto/render-request.schema';
import { RenderedAnswer } from './rendered-answer';
import { RenderException } from './render.exception';
import type { RenderRecord } from './render-record';
import { RenderService } from './render.service';

/** One item's answer: the render response, or the error body it would have had alone. */
interface ItemResult {
  json: string;
  record: RenderRecord | null;
  /** Rate-limit headers of a counted item. */
  countedHeaders: Record<string, string> | null;
}

/**
 * POST /api/generate/batch: each item goes through RenderService exactly as if it had been sent
 * alone, one after another. Counting (cache lookup, then admission) is decided item by item in
 * order; the drawings of admitted items run in parallel on the render pool.
 */
@Injectable()
export class RenderBatchService {
  private readonly logger = new Logger(RenderBatchService.name);

  constructor(private readonly renders: RenderService) {}

  async render(account: Account, body: unknown): Promise<RenderedAnswer> {
    const { items } = parseOrThrow(batchRequestSchema, body);
    // Items are admitted one after another while earlier ones draw: each drawing is settled at once, so
    // one that fails during a later item's admission is not an unhandled rejection.
    const results: Array<SettledPromise<ItemResult>> = [];
    for (const item of items) results.push((await this.start(account, item)).result);
    const settled = (await Promise.all(results)).map((outcome) => (outcome.ok ? outcome.value : this.failed(outcome.error)));
    const lastCounted = settled.findLast((item) => item.countedHeaders !== null);
    return new RenderedAnswer(
      `{"data":[${settled.map((item) => item.json).join(',')}]}`,
      lastCounted?.countedHeaders ?? {},
      settled.flatMap((item) => (item.record ? [item.record] : [])),
    );
  }

  /** Resolves once the item is counted or refused, with its drawing (a failure becomes its error body). */
  private async start(account: Account, item: unknown): Promise<{ result: SettledPromise<ItemResult> }> {
    try {
      const request = parseOrThrow(generateRequestSchema, item);
      const started = await this.renders.startOwned(account, request);
      const result = settle(
        started.outcome.then((outcome) => ({
          json: outcome.json,
          record: outcome.record,
          countedHeaders: outcome.drew ? withoutCacheHeader(outcome.headers) : null,
        })),
      );
      return { result };
    } catch (error) {
      return { result: settle(Promise.reject(error as Error)) };
    }
  }

  private failed(error: unknown): ItemResult {
    const response = toErrorResponse(error);
    if (response.unexpected) this.logger.error(error instanceof Error ? error.stack : String(error));
    return { json: JSON.stringify(response.body), record: error instanceof RenderException ? error.failedRender : null, countedHeaders: null };
  }
}

function withoutCacheHeader(headers: Record<string, string>): Record<string, string> {
  const { 'X-Cache': _cache, ...rest } = headers;
  return rest;
}
