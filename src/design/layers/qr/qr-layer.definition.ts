import { z } from 'zod';
import { RenderWarningCode } from '../../render-warning';
import { colorSchema, layerBase, textValueSchema } from '../../layer-fields';
import { assignOverride, defineLayerType } from '../../layer-type';

export const QR_ERROR_CORRECTION_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrErrorCorrection = (typeof QR_ERROR_CORRECTION_LEVELS)[number];

/** Bytes a version-40 symbol holds in byte mode, per error correction level (ISO/IEC 18004, table 7). */
export const QR_BYTE_CAPACITY: Record<QrErrorCorrection, number> = { L: 2953, M: 2331, Q: 1663, H: 1273 };

/** Whether `text` (UTF-8, byte mode) fits the largest QR symbol at `level`. */
export function qrTextFits(text: string, level: QrErrorCorrection): boolean {
  return Buffer.byteLength(text, 'utf8') <= QR_BYTE_CAPACITY[level];
}

const overflowMessage = (layer: { text: string; errorCorrection: QrErrorCorrection }) =>
  `QR value is ${Buffer.byteLength(layer.text, 'utf8')} bytes; at error correction ${layer.errorCorrection} a QR code holds at most ${QR_BYTE_CAPACITY[layer.errorCorrection]}`;

/** `text` drawn as a QR code filling the layer's square (centred in its box); an empty text draws nothing. */
export const qrLayerSchema = z
  .strictObject({
    ...layerBase,
    type: z.literal('qr'),
    text: textValueSchema.default(''),
    errorCorrection: z.enum(QR_ERROR_CORRECTION_LEVELS).default('M'),
    /** Quiet zone around the code, in modules. */
    margin: z.number().int().min(0).max(20).default(2),
    color: colorSchema.default('#000000'),
    background: colorSchema.default('#ffffff'),
  })
  .superRefine((layer, context) => {
    if (!qrTextFits(layer.text, layer.errorCorrection)) context.addIssue({ code: 'custom', path: ['text'], message: overflowMessage(layer) });
  });

export type QrLayer = z.output<typeof qrLayerSchema>;

export const qrLayerType = defineLayerType({
  schema: qrLayerSchema,
  overrides: { text: textValueSchema, color: colorSchema },
  applyOverride: assignOverride,
  skipAfterOverride: (layer) =>
    qrTextFits(layer.text, layer.errorCorrection) ? null : { code: RenderWarningCode.QR_OVERFLOW, message: `${overflowMessage(layer)}; layer skipped` },
});
