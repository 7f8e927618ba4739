import { z } from 'zod';

/** A list endpoint's query (`GET /api/jobs`, `GET /api/assets`): `cursor` from the previous page's `nextCursor`, `limit` 1–100. */
export const cursorPageQuerySchema = z.strictObject({
  cursor: z.string().min(1).max(200).optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= 1 && value <= 100, 'must be between 1 and 100')
    .optional(),
});

export type CursorPageQuery = z.output<typeof cursorPageQuerySchema>;
