import { z } from 'zod';
import { assetIdOf } from './asset-reference';

/** Field schemas shared by several layer types (and by the render request's overrides). */
export const MAX_DIMENSION = 4096;
export const MAX_TEXT_LENGTH = 5000;

export const colorSchema = z
  .string()
  .regex(/^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|transparent)$/, 'must be a hex colour (#rgb, #rrggbb, #rrggbbaa) or "transparent"');

export const fontWeightSchema = z.union([
  z.enum(['normal', 'bold']),
  z
    .number()
    .int()
    .refine((value) => value >= 100 && value <= 900 && value % 100 === 0, 'must be 100–900 in steps of 100'),
]);

/** An absolute http(s) URL, or `asset:<id>` naming one of the account's assets (§24). */
export const imageUrlSchema = z
  .string()
  .max(2048)
  .refine(
    (value) => (/^https?:\/\//i.test(value) && URL.canParse(value)) || assetIdOf(value) !== null,
    'must be an absolute http(s) URL or asset:<id> (an id from POST /api/assets)',
  );

export const textValueSchema = z.string().max(MAX_TEXT_LENGTH);
export const fontSizeSchema = z.number().int().min(1).max(1000);
export const radiusSchema = z.number().min(0).max(MAX_DIMENSION);

export const rotationSchema = z.number().min(-3600).max(3600);
export const opacitySchema = z.number().min(0).max(1);

const coordinate = z
  .number()
  .int()
  .min(-MAX_DIMENSION * 2)
  .max(MAX_DIMENSION * 2);
const extent = z
  .number()
  .int()
  .min(1)
  .max(MAX_DIMENSION * 2);

/** Fields every layer type has: spread into each type's strict object schema. */
export const layerBase = {
  name: z.string().min(1).max(100),
  x: coordinate.default(0),
  y: coordinate.default(0),
  width: extent,
  height: extent,
  opacity: z.number().min(0).max(1).default(1),
  /** Degrees clockwise about the layer's centre (§15). Optional without a default, so templates without it keep their cache keys. */
  rotation: rotationSchema.optional(),
  hidden: z.boolean().default(false),
  /**
   * Kept from moving and resizing in the studio; drawing ignores it. Optional without a default, so a template
   * without it stays byte-for-byte what it was (render keys hold the template's version, never its layers).
   */
  locked: z.boolean().optional().describe('Studio only: the layer cannot be moved or resized in the editor. Ignored when drawing.'),
};

/** Override fields every layer type takes. */
export const overrideBase = {
  hidden: z.boolean(),
  rotation: rotationSchema,
  opacity: opacitySchema,
};
