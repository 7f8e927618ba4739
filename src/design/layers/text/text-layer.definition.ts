import { z } from 'zod';
import { colorSchema, fontSizeSchema, fontWeightSchema, layerBase, MAX_TEXT_LENGTH, textValueSchema } from '../../layer-fields';
import { assignOverride, defineLayerType } from '../../layer-type';
import { DEFAULT_FONT_FAMILY } from '../../font-family';

// Which families exist depends on the account (its own fonts): TemplatesService checks the names on save.
const fontFamilySchema = z.string().min(1).max(200).describe('A built-in family or one of the account’s own (GET /api/fonts)');

/**
 * Typography (contract §15). Every field is optional without a default: a template that does not use
 * one keeps the stored shape, and so the cache key, it had before; the drawer applies the defaults.
 */
const MAX_SPANS = 500;
const lengthSchema = z.number().min(-1000).max(1000);
export const directionSchema = z.enum(['auto', 'ltr', 'rtl']);
export const alignSchema = z.enum(['left', 'center', 'right', 'start', 'end', 'justify']);
export const fontStyleSchema = z.enum(['normal', 'italic']);
export const textTransformSchema = z.enum(['none', 'uppercase', 'lowercase', 'capitalize']);
export const langSchema = z
  .string()
  .min(1)
  .max(35)
  .refine((value) => {
    try {
      return Intl.getCanonicalLocales(value).length === 1;
    } catch {
      return false;
    }
  }, 'must be a BCP 47 language tag, e.g. "tr" or "ar-EG"');
export const shadowSchema = z
  .strictObject({ color: colorSchema, blur: z.number().min(0).max(200).default(0), offsetX: lengthSchema.default(0), offsetY: lengthSchema.default(0) })
  .nullable();
export const lineBackgroundSchema = z
  .strictObject({ color: colorSchema, padding: z.number().min(0).max(500).default(0), radius: z.number().min(0).max(500).default(0) })
  .nullable();
export const spanSchema = z.strictObject({
  text: textValueSchema,
  fontWeight: fontWeightSchema.optional(),
  fontStyle: fontStyleSchema.optional(),
  color: colorSchema.optional(),
  fontFamily: fontFamilySchema.optional(),
  underline: z.boolean().optional(),
});
export const spansSchema = z
  .array(spanSchema)
  .max(MAX_SPANS)
  .refine(
    (spans) => spans.reduce((total, span) => total + span.text.length, 0) <= MAX_TEXT_LENGTH,
    `the spans' text must total at most ${MAX_TEXT_LENGTH} characters`,
  );

/** A text layer's link (§21): its box is a link to it in a PDF; raster formats and SVG ignore it. http(s) only. */
export const linkUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an absolute http(s) URL')
  .describe('In a PDF the layer’s box links to this http(s) URL; other formats ignore it');

const typography = {
  direction: directionSchema,
  letterSpacing: lengthSchema,
  textTransform: textTransformSchema,
  lang: langSchema,
  fontStyle: fontStyleSchema,
  strokeColor: colorSchema,
  strokeWidth: z.number().min(0).max(200),
  shadow: shadowSchema,
  background: lineBackgroundSchema,
  spans: spansSchema,
};
const optionalTypography = Object.fromEntries(Object.entries(typography).map(([field, schema]) => [field, schema.optional()])) as {
  [Field in keyof typeof typography]: z.ZodOptional<(typeof typography)[Field]>;
};

export const textLayerSchema = z
  .strictObject({
    ...layerBase,
    type: z.literal('text'),
    text: textValueSchema.default(''),
    fontFamily: fontFamilySchema.default(DEFAULT_FONT_FAMILY),
    fontSize: fontSizeSchema.default(48),
    fontWeight: fontWeightSchema.default('normal'),
    color: colorSchema.default('#000000'),
    align: alignSchema.default('left'),
    ...optionalTypography,
    verticalAlign: z.enum(['top', 'middle', 'bottom']).default('top'),
    lineHeight: z.number().min(0.5).max(5).default(1.2),
    maxLines: z.number().int().min(1).max(1000).nullable().default(null),
    autoFit: z.boolean().default(false),
    minFontSize: z.number().int().min(1).max(1000).optional(),
    link: linkUrlSchema.optional(),
  })
  .transform((layer) => ({ ...layer, minFontSize: Math.min(layer.minFontSize ?? 12, layer.fontSize) }));

export type TextLayer = z.output<typeof textLayerSchema>;

export const textLayerType = defineLayerType({
  schema: textLayerSchema,
  overrides: { text: textValueSchema, color: colorSchema, fontSize: fontSizeSchema, align: alignSchema, link: linkUrlSchema, ...typography },
  applyOverride(layer, override) {
    const merged = assignOverride(layer, override);
    // New text for a rich-text layer replaces its spans (spans win over text only within one source).
    if (override.text !== undefined && override.spans === undefined) delete merged.spans;
    // A font size below the template's minimum lowers the minimum with it.
    if (override.fontSize !== undefined) merged.minFontSize = Math.min(layer.minFontSize, override.fontSize);
    return merged;
  },
  fontFamilies: (layer) => [
    { field: 'fontFamily', family: layer.fontFamily },
    ...(layer.spans ?? []).flatMap((span, index) => (span.fontFamily === undefined ? [] : [{ field: `spans.${index}.fontFamily`, family: span.fontFamily }])),
  ],
});
