import { z } from 'zod';
import { DEFAULT_FONT_FAMILY, SELECTABLE_FAMILIES } from '../../fonts/font-catalog';

export const MAX_DIMENSION = 4096;
export const MAX_LAYERS = 50;
export const MAX_TEXT_LENGTH = 5000;

export const colorSchema = z
  .string()
  .regex(/^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|transparent)$/, 'must be a hex colour (#rgb, #rrggbb, #rrggbbaa) or "transparent"');

export const fontWeightSchema = z.union([
  z.enum(['normal', 'bold']),
  z.number().int().refine((value) => value >= 100 && value <= 900 && value % 100 === 0, 'must be 100–900 in steps of 100'),
]);

export const imageUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an absolute http(s) URL');

const coordinate = z.number().int().min(-MAX_DIMENSION * 2).max(MAX_DIMENSION * 2);
const extent = z.number().int().min(1).max(MAX_DIMENSION * 2);

const layerBase = {
  name: z.string().min(1).max(100),
  x: coordinate.default(0),
  y: coordinate.default(0),
  width: extent,
  height: extent,
  opacity: z.number().min(0).max(1).default(1),
  hidden: z.boolean().default(false),
};

export const textLayerSchema = z
  .strictObject({
    ...layerBase,
    type: z.literal('text'),
    text: z.string().max(MAX_TEXT_LENGTH).default(''),
    fontFamily: z
      .string()
      .refine((value) => SELECTABLE_FAMILIES.includes(value), `must be one of ${SELECTABLE_FAMILIES.join(', ')} (see GET /api/fonts)`)
      .default(DEFAULT_FONT_FAMILY),
    fontSize: z.number().int().min(1).max(1000).default(48),
    fontWeight: fontWeightSchema.default('normal'),
    color: colorSchema.default('#000000'),
    align: z.enum(['left', 'center', 'right']).default('left'),
    verticalAlign: z.enum(['top', 'middle', 'bottom']).default('top'),
    lineHeight: z.number().min(0.5).max(5).default(1.2),
    maxLines: z.number().int().min(1).max(1000).nullable().default(null),
    autoFit: z.boolean().default(false),
    minFontSize: z.number().int().min(1).max(1000).optional(),
  })
  .transform((layer) => ({ ...layer, minFontSize: Math.min(layer.minFontSize ?? 12, layer.fontSize) }));

export const imageLayerSchema = z.strictObject({
  ...layerBase,
  type: z.literal('image'),
  imageUrl: imageUrlSchema.nullable().default(null),
  fit: z.enum(['cover', 'contain', 'fill']).default('cover'),
  radius: z.number().min(0).max(MAX_DIMENSION).default(0),
});

export const rectLayerSchema = z.strictObject({
  ...layerBase,
  type: z.literal('rect'),
  fill: colorSchema.default('#000000'),
  radius: z.number().min(0).max(MAX_DIMENSION).default(0),
});

export const layerSchema = z.discriminatedUnion('type', [textLayerSchema, imageLayerSchema, rectLayerSchema]);

export type TextLayer = z.output<typeof textLayerSchema>;
export type ImageLayer = z.output<typeof imageLayerSchema>;
export type RectLayer = z.output<typeof rectLayerSchema>;
export type LayerDefinition = z.output<typeof layerSchema>;

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
