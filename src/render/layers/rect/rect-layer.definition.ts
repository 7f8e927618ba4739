import { z } from 'zod';
import { colorSchema, layerBase, radiusSchema } from '../layer-fields';
import { assignOverride, defineLayerType } from '../layer-type';

export const rectLayerSchema = z.strictObject({
  ...layerBase,
  type: z.literal('rect'),
  fill: colorSchema.default('#000000'),
  radius: radiusSchema.default(0),
});

export type RectLayer = z.output<typeof rectLayerSchema>;

export const rectLayerType = defineLayerType({
  schema: rectLayerSchema,
  overrides: { fill: colorSchema },
  applyOverride: assignOverride,
});
