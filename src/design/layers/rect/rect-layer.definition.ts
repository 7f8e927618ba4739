import { z } from 'zod';
import { colorSchema, layerBase, radiusSchema } from '../../layer-fields';
import { defineLayerType } from '../../layer-type';
import { applyShapeOverride, BORDER_TOO_WIDE, borderFits, shapeFields } from '../../shape-fields';

export const rectLayerSchema = z
  .strictObject({
    ...layerBase,
    type: z.literal('rect'),
    ...shapeFields,
    radius: radiusSchema.default(0),
  })
  .refine(borderFits, BORDER_TOO_WIDE);

export type RectLayer = z.output<typeof rectLayerSchema>;

export const rectLayerType = defineLayerType({
  schema: rectLayerSchema,
  overrides: { fill: colorSchema },
  applyOverride: applyShapeOverride,
});
