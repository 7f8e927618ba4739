import { z } from 'zod';
import { MAX_LAYERS } from '../../templates/dto/template.schema';
import { MAX_DIMENSION } from '../layers/layer-fields';
import { layerOverrideSchema } from '../layers/layer-registry';

export { layerOverrideSchema } from '../layers/layer-registry';
export type { LayerOverride } from '../layers/layer-registry';

const dimension = z.number().int().min(1).max(MAX_DIMENSION);

export const renderOptionsShape = {
  templateId: z.string().min(1).max(64),
  layers: z
    .record(z.string().min(1).max(100), layerOverrideSchema)
    .refine((layers) => Object.keys(layers).length <= MAX_LAYERS, `must have at most ${MAX_LAYERS} entries`),
  width: dimension.optional(),
  height: dimension.optional(),
  format: z.enum(['png', 'jpeg', 'webp']).default('png'),
  quality: z.number().int().min(1).max(100).optional(),
};

/** POST /api/generate: an unknown field (webhookUrl included) is a 400. */
export const generateRequestSchema = z.strictObject(renderOptionsShape);

/** POST /api/hooks/render: webhookUrl syntax is judged later, as webhook_url_invalid. */
export const hookRenderRequestSchema = z.strictObject({ ...renderOptionsShape, webhookUrl: z.string().max(2048).nullable().optional() });

export type RenderRequest = z.output<typeof generateRequestSchema>;
export type HookRenderRequest = z.output<typeof hookRenderRequestSchema>;
