import { z } from 'zod';
import type { RenderWarning } from '../dto/render-response';
import { ellipseLayerType } from './ellipse/ellipse-layer.definition';
import { imageLayerType } from './image/image-layer.definition';
import { overrideBase } from './layer-fields';
import type { LayerTypeDefinition } from './layer-type';
import { qrLayerType } from './qr/qr-layer.definition';
import { rectLayerType } from './rect/rect-layer.definition';
import { textLayerType } from './text/text-layer.definition';

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
};

export type LayerTypeName = keyof typeof LAYER_TYPES;
type Registered = (typeof LAYER_TYPES)[LayerTypeName];
type LayerSchema = Registered['schema'];

/** A type's `schema` must describe layers whose `type` is that type's own name. */
type NamesMatch = { [Name in LayerTypeName]: (typeof LAYER_TYPES)[Name] extends LayerTypeDefinition<Name, infer _Schema, infer _Overrides> ? true : never };
const namesMatch: NamesMatch = { text: true, image: true, rect: true, ellipse: true, qr: true };
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

/** Merges a layer's kept override fields through its type's own rule; `hidden` applies to every type. */
export function applyOverride(layer: LayerDefinition, override: LayerOverride | undefined): OverriddenLayer {
  if (!override) return { layer, warning: null };
  const { hidden, ...fields } = override;
  const type = LAYER_TYPES[layer.type] as unknown as LayerTypeDefinition<string, z.ZodType<LayerDefinition>, z.ZodRawShape>;
  const merged = Object.keys(fields).length > 0 ? type.applyOverride(layer, fields) : { ...layer };
  if (hidden !== undefined) merged.hidden = hidden;
  const problem = merged.hidden ? null : (type.skipAfterOverride?.(merged) ?? null);
  if (!problem) return { layer: merged, warning: null };
  return { layer: { ...merged, hidden: true }, warning: { ...problem, layer: layer.name } };
}
