import { z } from 'zod';
import type { RenderWarning } from './render-warning';
import { barcodeLayerType } from './layers/barcode/barcode-layer.definition';
import { ellipseLayerType } from './layers/ellipse/ellipse-layer.definition';
import { imageLayerType } from './layers/image/image-layer.definition';
import { overrideBase } from './layer-fields';
import type { LayerTypeDefinition, NamedFamily } from './layer-type';
import { qrLayerType } from './layers/qr/qr-layer.definition';
import { rectLayerType } from './layers/rect/rect-layer.definition';
import { textLayerType } from './layers/text/text-layer.definition';

/**
 * Every layer type, by the name templates give in `type`. The template schema, the override schema
 * and the planner are built from this object, and the worker's drawers are keyed by its names
 * (layer-drawers.ts): a type added here without a drawer, or a drawer without a type, fails to compile.
 */
export const LAYER_TYPES = {
  text: textLayerType,
  image: imageLayerType,
  rect: rectLayerType,
  ellipse: ellipseLayerType,
  qr: qrLayerType,
  barcode: barcodeLayerType,
};

export type LayerTypeName = keyof typeof LAYER_TYPES;
type Registered = (typeof LAYER_TYPES)[LayerTypeName];
type LayerSchema = Registered['schema'];

/** A type's `schema` must describe layers whose `type` is that type's own name. */
type NamesMatch = { [Name in LayerTypeName]: (typeof LAYER_TYPES)[Name] extends LayerTypeDefinition<Name, infer _Schema, infer _Overrides> ? true : never };
const namesMatch: NamesMatch = { text: true, image: true, rect: true, ellipse: true, qr: true, barcode: true };
void namesMatch;

/** One template layer of any registered type. */
export type LayerDefinition = z.output<LayerSchema>;
/** The layer of one type, by name. */
export type LayerOf<Name extends LayerTypeName> = Extract<LayerDefinition, { type: Name }>;

const layerSchemas = Object.values(LAYER_TYPES).map((type) => type.schema) as [LayerSchema, ...LayerSchema[]];

/** A template layer: the registered types' schemas, discriminated by `type`. */
export const layerSchema = z.discriminatedUnion('type', layerSchemas);

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer Intersection) => void ? Intersection : never;
type OverrideShape = typeof overrideBase & UnionToIntersection<Registered['overrides']>;

/**
 * One layer's overrides in a render request: every field some layer type takes (a field shared by
 * several types has the same schema in each), all optional. Fields the named layer's type does not
 * take are dropped by the planner with a warning.
 */
export const layerOverrideSchema = z
  .strictObject(Object.assign({}, overrideBase, ...Object.values(LAYER_TYPES).map((type) => type.overrides)) as OverrideShape)
  .partial();

export type LayerOverride = z.output<typeof layerOverrideSchema>;

/** The override fields a layer of each type accepts (`hidden` on all). */
export const OVERRIDABLE: { [Name in LayerTypeName]: ReadonlySet<string> } = Object.fromEntries(
  Object.entries(LAYER_TYPES).map(([name, type]) => [name, new Set([...Object.keys(overrideBase), ...Object.keys(type.overrides)])]),
) as unknown as { [Name in LayerTypeName]: ReadonlySet<string> };

export interface OverriddenLayer {
  layer: LayerDefinition;
  /** Set when the overridden layer cannot be drawn: the layer is hidden and the request warned. */
  warning: RenderWarning | null;
}

type AnyLayerType = LayerTypeDefinition<string, z.ZodType<LayerDefinition>, z.ZodRawShape>;
const typeOf = (layer: LayerDefinition) => LAYER_TYPES[layer.type] as unknown as AnyLayerType;

/** The image a layer draws (fetched before drawing), or null: the type's `imageSource` hook. */
export const imageSourceOf = (layer: LayerDefinition): string | null => typeOf(layer).imageSource?.(layer) ?? null;

/** Whether a layer draws text (its type names font families). */
export const drawsText = (layer: Pick<LayerDefinition, 'type'>): boolean => 'fontFamilies' in LAYER_TYPES[layer.type];

/** The font families a layer names, with their fields: the type's `fontFamilies` hook. */
export const fontFamiliesOf = (layer: LayerDefinition): NamedFamily[] => typeOf(layer).fontFamilies?.(layer) ?? [];

/** A copy of `layer` whose named families are passed through `replace` (a deleted account family drawn with the default). */
export function withFontFamilies<Layer extends LayerDefinition>(layer: Layer, replace: (family: string) => string): Layer {
  const copy = structuredClone(layer);
  for (const { field, family } of fontFamiliesOf(layer)) {
    const path = field.split('.');
    const parent = path.slice(0, -1).reduce<Record<string, unknown>>((object, key) => object[key] as Record<string, unknown>, copy);
    parent[path[path.length - 1]] = replace(family);
  }
  return copy;
}

/** Merges a layer's kept override fields through its type's own rule; `hidden` applies to every type. */
export function applyOverride(layer: LayerDefinition, override: LayerOverride | undefined): OverriddenLayer {
  if (!override) return { layer, warning: null };
  const { hidden, ...fields } = override;
  const type = typeOf(layer);
  const merged = Object.keys(fields).length > 0 ? type.applyOverride(layer, fields) : { ...layer };
  if (hidden !== undefined) merged.hidden = hidden;
  const problem = merged.hidden ? null : (type.skipAfterOverride?.(merged) ?? null);
  if (!problem) return { layer: merged, warning: null };
  return { layer: { ...merged, hidden: true }, warning: { ...problem, layer: layer.name } };
}
