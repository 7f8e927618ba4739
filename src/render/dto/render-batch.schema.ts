import { z } from 'zod';

export const MAX_BATCH_ITEMS = 25;

/**
 * POST /api/generate/batch: the envelope only. Each item is an object judged later on its own, as a
 * POST /api/generate body (its problems answer in its place, not for the whole batch).
 */
export const batchRequestSchema = z.strictObject({
  items: z
    .array(z.record(z.string(), z.unknown()), 'must be an array of render requests (objects)')
    .min(1, 'must hold at least 1 item')
    .max(MAX_BATCH_ITEMS, `must hold at most ${MAX_BATCH_ITEMS} items`),
});
