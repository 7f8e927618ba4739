import { z } from 'zod';
import { colorSchema, MAX_DIMENSION } from '../../render/layers/layer-fields';
import { layerSchema } from '../../render/layers/layer-registry';

export { layerSchema } from '../../render/layers/layer-registry';
export type { LayerDefinition } from '../../render/layers/layer-registry';

export const MAX_LAYERS = 50;

export const publicRenderSchema = z.union([z.boolean(), z.literal('signed')]);
export type PublicRenderMode = z.output<typeof publicRenderSchema>;

const layersSchema = z
  .array(layerSchema)
  .max(MAX_LAYERS)
  .superRefine((layers, context) => {
    const seen = new Set<string>();
    layers.forEach((layer, index) => {
      if (seen.has(layer.name)) {
        context.addIssue({ code: 'custom', path: [index, 'name'], message: `duplicate layer name "${layer.name}"` });
      }
      seen.add(layer.name);
    });
  });

const templateFields = {
  name: z.string().trim().min(1).max(200),
  width: z.number().int().min(1).max(MAX_DIMENSION),
  height: z.number().int().min(1).max(MAX_DIMENSION),
  background: colorSchema,
  publicRender: publicRenderSchema,
  layers: layersSchema,
};

export const createTemplateSchema = z.strictObject({
  ...templateFields,
  background: templateFields.background.default('#ffffff'),
  publicRender: templateFields.publicRender.default(true),
});

export const updateTemplateSchema = z.strictObject(templateFields).partial();

export type CreateTemplateInput = z.output<typeof createTemplateSchema>;
export type UpdateTemplateInput = z.output<typeof updateTemplateSchema>;

/** Fields whose change alters the pixels, and so the version. */
export const DESIGN_FIELDS = ['width', 'height', 'background', 'layers'] as const;
