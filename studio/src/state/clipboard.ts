import type { Design, Layer } from './design';

/** The marker that tells our payload from any other text on the clipboard. */
export const CLIPBOARD_TYPE = 'application/x-pictor-layers';
/** The same-origin fallback when the page may not use the system clipboard (headless chromium, no permission). */
export const CLIPBOARD_STORAGE_KEY = 'pictor.clipboard';
const MAX_LAYERS = 50;
const OFFSET = 24;

interface Payload {
  type: typeof CLIPBOARD_TYPE;
  version: 1;
  layers: Layer[];
}

/** The text put on the clipboard for `layers`: JSON with a type marker, readable by any Pictor studio. */
export function serializeLayers(layers: readonly Layer[]): string {
  const payload: Payload = { type: CLIPBOARD_TYPE, version: 1, layers: layers.map((layer) => structuredClone(layer)) };
  return JSON.stringify(payload);
}

const isLayer = (value: unknown, types: readonly string[]): value is Layer => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const layer = value as Record<string, unknown>;
  const size = (field: unknown) => typeof field === 'number' && Number.isFinite(field) && field >= 1;
  const position = (field: unknown) => field === undefined || (typeof field === 'number' && Number.isFinite(field));
  return (
    typeof layer.name === 'string' &&
    layer.name.length > 0 &&
    layer.name.length <= 100 &&
    typeof layer.type === 'string' &&
    types.includes(layer.type) &&
    size(layer.width) &&
    size(layer.height) &&
    position(layer.x) &&
    position(layer.y)
  );
};

/**
 * The layers in clipboard text, or null when it is not our payload (any other text, broken JSON, a layer of a
 * type this studio does not offer, too many layers): a paste of that changes nothing.
 */
export function parseClipboard(text: string | null | undefined, types: readonly string[]): Layer[] | null {
  if (!text || !text.includes(CLIPBOARD_TYPE)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return null;
  }
  const { type, layers } = (payload ?? {}) as Partial<Payload>;
  if (type !== CLIPBOARD_TYPE || !Array.isArray(layers) || layers.length === 0 || layers.length > MAX_LAYERS) return null;
  return layers.every((layer) => isLayer(layer, types)) ? layers : null;
}

/** `title` when free, else `title copy`, `title copy 2`, `title copy 3`…: the first name no layer has (at most 100 characters). */
export function pasteName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const root = name.replace(/ copy( \d+)?$/, '').slice(0, 88);
  for (let index = 1; ; index++) {
    const candidate = index === 1 ? `${root} copy` : `${root} copy ${index}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Keeps a box inside the canvas (its top left corner when it is larger), so a paste is always visible. */
const clampInto = (start: number, size: number, limit: number) => Math.max(0, Math.min(start, limit - size));

/**
 * Pasted `layers` added on top: renamed when their name is taken, unlocked and shown, moved by an offset when a
 * layer already sits at their spot (a paste into the same template), and kept inside the canvas (a paste into a
 * smaller one). Returns the design and the pasted names (the new selection).
 */
export function pasteLayers(design: Design, layers: readonly Layer[]): { design: Design; names: string[] } {
  const taken = new Set(design.layers.map((layer) => layer.name));
  const spots = new Set(design.layers.map((layer) => `${layer.x ?? 0},${layer.y ?? 0}`));
  const shifted = layers.some((layer) => spots.has(`${layer.x ?? 0},${layer.y ?? 0}`));
  const added: Layer[] = [];
  for (const layer of layers) {
    const name = pasteName(layer.name, taken);
    taken.add(name);
    const x = Math.round((layer.x ?? 0) + (shifted ? OFFSET : 0));
    const y = Math.round((layer.y ?? 0) + (shifted ? OFFSET : 0));
    const copy: Layer = {
      ...structuredClone(layer),
      name,
      x: clampInto(x, layer.width, design.width),
      y: clampInto(y, layer.height, design.height),
      hidden: false,
    };
    delete copy.locked;
    added.push(copy);
  }
  return { design: { ...design, layers: [...design.layers, ...added] }, names: added.map((layer) => layer.name) };
}
