import { z } from 'zod';

/** GET /api/assets: pages as GET /api/jobs does (`cursor` from the previous page's `nextCursor`). */
export const listAssetsQuerySchema = z.strictObject({
  cursor: z.string().min(1).max(200).optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= 1 && value <= 100, 'must be between 1 and 100')
    .optional(),
});

export type ListAssetsQuery = z.output<typeof listAssetsQuerySchema>;
