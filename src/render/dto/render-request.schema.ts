import { z } from 'zod';
import { MAX_LAYERS } from '../../design/template.schema';
import { MAX_DIMENSION } from '../../design/layer-fields';
import { layerOverrideSchema } from '../../design/layer-registry';
import { outputFormatSchema, pdfOptionsSchema } from '../../design/output-formats';

export { layerOverrideSchema } from '../../design/layer-registry';

const dimension = z.number().int().min(1).max(MAX_DIMENSION);

/**
 * Layer names are data (§20): `__proto__`, `constructor` and `toString` are names like any other. zod's
 * record assigns keys onto `{}`, where `__proto__` sets the prototype and the entry vanishes, so that
 * one key is stood in for during validation; the result is a null-prototype object, where a lookup by
 * any name finds only what the request gave.
 */
const PROTO_KEY = '__proto__';
const PROTO_STAND_IN = '\u0000__proto__';

function standInForProto(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, PROTO_KEY)) return value;
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [name, override] of Object.entries(value)) copy[name === PROTO_KEY ? PROTO_STAND_IN : name] = override;
  return copy;
}

function byLayerName<T>(layers: Record<string, T>): Record<string, T> {
  const result = Object.create(null) as Record<string, T>;
  for (const [name, override] of Object.entries(layers)) result[name === PROTO_STAND_IN ? PROTO_KEY : name] = override;
  return result;
}

export const renderOptionsShape = {
  templateId: z.string().min(1).max(64),
  layers: z
    .preprocess(
      standInForProto,
      z
        .record(z.string().min(1).max(100), layerOverrideSchema)
        .refine((layers) => Object.keys(layers).length <= MAX_LAYERS, `must have at most ${MAX_LAYERS} entries`),
    )
    .transform(byLayerName),
  width: dimension.optional(),
  height: dimension.optional(),
  format: outputFormatSchema.default('png'),
  /** Ignored where it does not apply (like `quality`). */
  quality: z.number().int().min(1).max(100).optional(),
  pdf: pdfOptionsSchema.optional(),
};

/** POST /api/generate: an unknown field (webhookUrl included) is a 400. */
export const generateRequestSchema = z.strictObject(renderOptionsShape);

/** POST /api/hooks/render: webhookUrl syntax is judged later, as webhook_url_invalid. */
export const hookRenderRequestSchema = z.strictObject({ ...renderOptionsShape, webhookUrl: z.string().max(2048).nullable().optional() });

export type RenderRequest = z.output<typeof generateRequestSchema>;
export type HookRenderRequest = z.output<typeof hookRenderRequestSchema>;
