import { z } from 'zod';
import { imageUrlSchema, layerBase, radiusSchema } from '../../layer-fields';
import { assignOverride, defineLayerType } from '../../layer-type';

export const imageLayerSchema = z.strictObject({
  ...layerBase,
  type: z.literal('image'),
  imageUrl: imageUrlSchema.nullable().default(null),
  fit: z.enum(['cover', 'contain', 'fill']).default('cover'),
  radius: radiusSchema.default(0),
});

export type ImageLayer = z.output<typeof imageLayerSchema>;

export const imageLayerType = defineLayerType({
  schema: imageLayerSchema,
  overrides: { imageUrl: imageUrlSchema.nullable() },
  applyOverride: assignOverride,
  imageSource: (layer) => layer.imageUrl,
});
