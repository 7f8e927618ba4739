import { z } from 'zod';
import { colorSchema, MAX_DIMENSION } from './layer-fields';

const MAX_GRADIENT_STOPS = 16;

/** `{"type":"linear","angle":deg,"stops":[…]}`: angles as in CSS linear-gradient (0 = bottom → top, 90 = left → right). */
export const gradientSchema = z.strictObject({
  type: z.literal('linear'),
  angle: z.number().min(-360).max(360).default(180),
  stops: z
    .array(z.strictObject({ offset: z.number().min(0).max(1), color: colorSchema }))
    .min(2, 'a gradient needs at least 2 stops')
    .max(MAX_GRADIENT_STOPS)
    .refine((stops) => stops.every((stop, index) => index === 0 || stop.offset >= stops[index - 1].offset), 'stop offsets must not decrease'),
});

export type Gradient = z.output<typeof gradientSchema>;

/** Fill, optional gradient (drawn instead of the fill) and a border drawn inside the shape's box. */
export const shapeFields = {
  fill: colorSchema.default('#000000'),
  gradient: gradientSchema.nullable().default(null),
  borderColor: colorSchema.default('#000000'),
  borderWidth: z.number().min(0).max(MAX_DIMENSION).default(0),
};

/** A border is drawn inside the box, so it may be at most half the box's smaller side. */
export function borderFits(layer: { width: number; height: number; borderWidth: number }): boolean {
  return layer.borderWidth <= Math.min(layer.width, layer.height) / 2;
}

export const BORDER_TOO_WIDE = {
  message: 'borderWidth must be at most half the smaller of width and height (the border is drawn inside the box)',
  path: ['borderWidth'],
};

/** Shape overrides: a new `fill` replaces a template gradient (the caller asked for that colour). */
export function applyShapeOverride<Layer extends { fill: string; gradient: Gradient | null }>(layer: Layer, override: { fill?: string }): Layer {
  return override.fill === undefined ? { ...layer } : { ...layer, fill: override.fill, gradient: null };
}
