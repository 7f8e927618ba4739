import { z } from 'zod';
import { colorSchema, layerBase } from '../../layer-fields';
import { defineLayerType } from '../../layer-type';
import { applyShapeOverride, BORDER_TOO_WIDE, borderFits, shapeFields } from '../../shape-fields';

/** An ellipse inscribed in the layer's box (a circle when the box is square). */
export const ellipseLayerSchema = z
  .strictObject({
    ...layerBase,
    type: z.literal('ellipse'),
    ...shapeFields,
  })
  .refine(borderFits, BORDER_TOO_WIDE);

export type EllipseLayer = z.output<typeof ellipseLayerSchema>;

export const ellipseLayerType = defineLayerType({
  schema: ellipseLayerSchema,
  overrides: { fill: colorSchema },
  applyOverride: applyShapeOverride,
});
