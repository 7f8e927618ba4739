import { z } from 'zod';
import { RenderWarningCode } from '../../render-warning';
import { colorSchema, layerBase, textValueSchema } from '../../layer-fields';
import { assignOverride, defineLayerType } from '../../layer-type';
import { BARCODE_SYMBOLOGIES, barcodeValueProblem } from './barcode-value';

/**
 * `text` drawn as a barcode filling the layer's box (§21): linear codes stretch to it with their quiet zones and,
 * unless `showText` is false, the value under the bars; Data Matrix is a centred square; PDF417 fills the box.
 */
export const barcodeLayerSchema = z
  .strictObject({
    ...layerBase,
    type: z.literal('barcode'),
    symbology: z.enum(BARCODE_SYMBOLOGIES).default('code128'),
    text: textValueSchema.default(''),
    /** The human-readable value under the bars; unset: shown for linear codes. */
    showText: z.boolean().optional(),
    color: colorSchema.default('#000000'),
    background: colorSchema.default('#ffffff'),
  })
  .superRefine((layer, context) => {
    const problem = barcodeValueProblem(layer.symbology, layer.text);
    if (problem) context.addIssue({ code: 'custom', path: ['text'], message: problem });
  });

export type BarcodeLayer = z.output<typeof barcodeLayerSchema>;

export const barcodeLayerType = defineLayerType({
  schema: barcodeLayerSchema,
  // `background` is not overridable: the text layer's override of that name is its line background.
  overrides: { text: textValueSchema, color: colorSchema, showText: z.boolean() },
  applyOverride: assignOverride,
  skipAfterOverride(layer) {
    const problem = barcodeValueProblem(layer.symbology, layer.text);
    return problem ? { code: RenderWarningCode.BARCODE_INVALID, message: `${problem}; layer skipped` } : null;
  },
});
