import type { z } from 'zod';
import type { RenderWarningCode } from './render-warning';

/** Validated override values for a shape of override fields (each one optional). */
export type OverrideValues<Shape extends z.ZodRawShape> = { [Field in keyof Shape]?: z.output<Shape[Field]> };

/**
 * The planning side of one layer type: pure data and zod only, no canvas (the API process imports it).
 * The drawing side lives in `<type>-layer.draw.ts`, which only the render worker imports.
 */
export interface LayerTypeDefinition<Type extends string, Schema extends z.ZodType<{ type: Type }>, Overrides extends z.ZodRawShape> {
  /** The layer as a template stores it: a strict object whose `type` is the literal `Type`. */
  schema: Schema;
  /** Fields a render request may override on a layer of this type (`hidden` is common to all). */
  overrides: Overrides;
  /** Merges override values (only this type's own fields, already validated) into a copy of the layer. */
  applyOverride(layer: z.output<Schema>, override: OverrideValues<Overrides>): z.output<Schema>;
  /**
   * Optional: a problem of the overridden layer that the template's own values cannot have (they were
   * validated at save). The layer is then skipped and the request answers with this warning.
   */
  skipAfterOverride?(layer: z.output<Schema>): { code: RenderWarningCode; message: string } | null;
  /** Optional: the image this layer draws, fetched under the outbound address rules before the drawing. */
  imageSource?(layer: z.output<Schema>): string | null;
  /**
   * Optional: the font families this layer's text names, each with the field that names it (relative to the
   * layer). A type that has it draws text: its families are checked at save and planned before each render.
   */
  fontFamilies?(layer: z.output<Schema>): NamedFamily[];
}

/** A font family a layer names, and where: `fontFamily`, `spans.2.fontFamily`. */
export interface NamedFamily {
  field: string;
  family: string;
}

/** Identity with inference: a layer type's definition checked against the interface where it is written. */
export function defineLayerType<Type extends string, Schema extends z.ZodType<{ type: Type }>, Overrides extends z.ZodRawShape>(
  definition: LayerTypeDefinition<Type, Schema, Overrides>,
): LayerTypeDefinition<Type, Schema, Overrides> {
  return definition;
}

/** The usual merge: each given override field replaces the layer's value. */
export function assignOverride<Layer extends object>(layer: Layer, override: object): Layer {
  const merged = { ...layer } as Record<string, unknown>;
  for (const [field, value] of Object.entries(override)) if (value !== undefined) merged[field] = value;
  return merged as Layer;
}
