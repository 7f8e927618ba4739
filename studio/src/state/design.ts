import { JsonSchema, layerSchema } from './schema-form';

export type PublicRender = boolean | 'signed';

export interface Layer {
  name: string;
  type: string;
  x?: number;
  y?: number;
  width: number;
  height: number;
  hidden?: boolean;
  [field: string]: unknown;
}

/** A template body as POST /api/templates takes it. */
export interface Design {
  name: string;
  width: number;
  height: number;
  background: string;
  publicRender: PublicRender;
  layers: Layer[];
}

export const emptyDesign = (): Design => ({ name: 'Untitled template', width: 1200, height: 630, background: '#ffffff', publicRender: true, layers: [] });

/** Starting values that make a new layer visible at once; everything else comes from the schema's defaults. */
const STARTERS: Record<string, Record<string, unknown>> = {
  text: { text: 'Your text here', fontSize: 64, color: '#0f172a' },
  rect: { fill: '#38bdf8' },
  ellipse: { fill: '#f472b6' },
  qr: { text: 'https://example.com' },
  barcode: { symbology: 'code128', text: 'PICTOR-0001' },
  image: {},
};

/** `text`, `text-2`, `text-3`…: the first name no layer has. */
export function uniqueName(base: string, layers: Layer[]): string {
  const taken = new Set(layers.map((layer) => layer.name));
  if (!taken.has(base)) return base;
  for (let index = 2; ; index++) if (!taken.has(`${base}-${index}`)) return `${base}-${index}`;
}

const CASCADE = 24;

/**
 * Where a new layer of this size goes: centred (in view whatever the zoom, since Fit shows the whole design), then
 * stepped down and right past every layer already at that spot, so new layers never hide each other; back to the
 * top left when the steps would leave the canvas.
 */
export function freeSpot(design: Pick<Design, 'width' | 'height' | 'layers'>, width: number, height: number): { x: number; y: number } {
  const taken = new Set(design.layers.map((layer) => `${layer.x ?? 0},${layer.y ?? 0}`));
  let x = Math.round((design.width - width) / 2);
  let y = Math.round((design.height - height) / 2);
  for (let step = 0; step < design.layers.length + 1 && taken.has(`${x},${y}`); step++) {
    x += CASCADE;
    y += CASCADE;
    if (x + width > design.width || y + height > design.height) {
      x = CASCADE * (step % 8);
      y = CASCADE * (step % 8);
    }
  }
  return { x, y };
}

/**
 * Copies of `layers` (duplicated or pasted) added on top: each under a name no layer has (`title` → `title-2`) and
 * at a free spot nearby, so the copy is visible. Returns the design and the copies' names (the new selection).
 */
export function addCopies(design: Design, layers: readonly Layer[]): { design: Design; names: string[] } {
  let next = design;
  const names: string[] = [];
  for (const layer of layers) {
    const name = uniqueName(layer.name.replace(/-\d+$/, ''), next.layers);
    let x = (layer.x ?? 0) + CASCADE;
    let y = (layer.y ?? 0) + CASCADE;
    const spots = new Set(next.layers.map((item) => `${item.x ?? 0},${item.y ?? 0}`));
    while (spots.has(`${x},${y}`)) {
      x += CASCADE;
      y += CASCADE;
    }
    // A copy is free to move: the original's lock stays with the original.
    const { locked: _locked, ...copy } = structuredClone(layer);
    next = { ...next, layers: [...next.layers, { ...copy, name, x, y }] };
    names.push(name);
  }
  return { design: next, names };
}

/** A new layer of `type`: a third of the canvas at a free spot (freeSpot), the schema's required fields filled. */
export function newLayer(schema: JsonSchema, type: string, design: Design): Layer {
  const variant = layerSchema(schema, type);
  const width = Math.max(1, Math.round(design.width / (type === 'text' ? 2 : 4)));
  const height = type === 'text' ? Math.max(1, Math.round(design.height / 5)) : type === 'qr' ? width : Math.max(1, Math.round(design.height / 4));
  const layer: Layer = {
    name: uniqueName(type, design.layers),
    type,
    ...freeSpot(design, width, height),
    width,
    height,
    ...STARTERS[type],
  };
  for (const key of variant?.required ?? []) {
    if (key in layer) continue;
    const property = variant!.properties?.[key] ?? {};
    const alternative = property.anyOf?.find((option) => option.type !== 'null') ?? property;
    if (alternative.type === 'string') layer[key] = /url|data|value|content/i.test(key) ? 'https://example.com' : key;
    else if (alternative.type === 'number' || alternative.type === 'integer') layer[key] = alternative.minimum ?? 0;
    else if (alternative.type === 'boolean') layer[key] = false;
    else if (alternative.type === 'array') layer[key] = [];
  }
  return layer;
}

/** The position of the layer named `name` in the drawing order, or -1 (also for no name). */
export function layerIndex(design: Design, name: string | null): number {
  return design.layers.findIndex((layer) => layer.name === name);
}

export function replaceLayer(design: Design, index: number, layer: Layer): Design {
  return { ...design, layers: design.layers.map((item, position) => (position === index ? layer : item)) };
}

/** The design with one layer's box or visibility changed. */
export function patchLayer(design: Design, index: number, patch: Partial<Pick<Layer, 'x' | 'y' | 'width' | 'height' | 'hidden'>>): Design {
  return replaceLayer(design, index, { ...design.layers[index], ...patch });
}

/** Moves a layer by (dx, dy) design pixels. */
export function nudgeLayer(design: Design, index: number, dx: number, dy: number): Design {
  const layer = design.layers[index];
  return patchLayer(design, index, { x: (layer.x ?? 0) + dx, y: (layer.y ?? 0) + dy });
}

export function toggleHidden(design: Design, index: number): Design {
  return patchLayer(design, index, { hidden: !design.layers[index].hidden });
}

/**
 * Why layer `index` cannot be called `name`, or undefined. Names key the render overrides and the editor's
 * selection, so two layers with one name would be both unrenderable and unselectable.
 */
export function nameConflict(design: Design, index: number, name: string): string | undefined {
  const other = layerIndex(design, name);
  return other >= 0 && other !== index ? `Another layer is already named “${name}”.` : undefined;
}

export function removeLayer(design: Design, index: number): Design {
  return { ...design, layers: design.layers.filter((_, position) => position !== index) };
}

/** Moves a layer from one position in the drawing order to another. */
export function moveLayer(design: Design, from: number, to: number): Design {
  if (from === to || to < 0 || to >= design.layers.length) return design;
  const layers = [...design.layers];
  const [moved] = layers.splice(from, 1);
  layers.splice(to, 0, moved);
  return { ...design, layers };
}

/** Override values for the "Use it" panel: each text layer's text, each image layer's URL. */
export function sampleOverrides(design: Design): Record<string, Record<string, unknown>> {
  const overrides: Record<string, Record<string, unknown>> = {};
  for (const layer of design.layers) {
    if (layer.type === 'text') overrides[layer.name] = { text: layer.text ?? '' };
    else if (layer.type === 'image') overrides[layer.name] = { imageUrl: layer.imageUrl ?? 'https://example.com/photo.jpg' };
  }
  return overrides;
}

/** A curl command for POST /api/generate with the template's layer names filled in. */
export function generateCurl(baseUrl: string, templateId: string, design: Design): string {
  const body = JSON.stringify({ templateId, layers: sampleOverrides(design) });
  return `curl -X POST ${baseUrl}/api/generate \\\n  -H "Authorization: Bearer $PICTOR_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '${body.replace(/'/g, "'\\''")}'`;
}

/** The query of GET /api/templates/:id/url (and /api/render) for the same overrides. */
export function renderQuery(design: Design): string {
  const parts: string[] = [];
  for (const [name, fields] of Object.entries(sampleOverrides(design))) {
    for (const [field, value] of Object.entries(fields)) parts.push(`layers[${encodeURIComponent(name)}][${field}]=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&');
}

/** Validation details (`path` like `layers.2.fontSize`) grouped by layer index and field path. */
export function detailsByField(details: Array<{ path: string; message: string }>, prefix = ''): Map<string, string> {
  const map = new Map<string, string>();
  for (const detail of details) {
    const path = prefix && detail.path.startsWith(prefix) ? detail.path.slice(prefix.length) : detail.path;
    map.set(path, map.has(path) ? `${map.get(path)}; ${detail.message}` : detail.message);
  }
  return map;
}
