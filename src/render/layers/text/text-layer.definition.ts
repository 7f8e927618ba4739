import { z } from 'zod';
import { DEFAULT_FONT_FAMILY } from '../../../fonts/font-catalog';
import { colorSchema, fontSizeSchema, fontWeightSchema, layerBase, textValueSchema } from '../layer-fields';
import { assignOverride, defineLayerType } from '../layer-type';

export const textLayerSchema = z
  .strictObject({
    ...layerBase,
    type: z.literal('text'),
    text: textValueSchema.default(''),
    // Which families exist depends on the account (its own fonts): TemplatesService checks the name on save.
    fontFamily: z
      .string()
      .min(1)
      .max(200)
      .describe('A built-in family or one of the account’s own (GET /api/fonts)')
      .default(DEFAULT_FONT_FAMILY),
    fontSize: fontSizeSchema.default(48),
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

export type TextLayer = z.output<typeof textLayerSchema>;

export const textLayerType = defineLayerType({
  schema: textLayerSchema,
  overrides: { text: textValueSchema, color: colorSchema, fontSize: fontSizeSchema },
  applyOverride(layer, override) {
    const merged = assignOverride(layer, override);
    // A font size below the template's minimum lowers the minimum with it.
    if (override.fontSize !== undefined) merged.minFontSize = Math.min(layer.minFontSize, override.fontSize);
    return merged;
  },
});
