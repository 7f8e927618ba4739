import type { Design, Layer } from './design';

export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

const box = (layer: Layer) => ({ x: layer.x ?? 0, y: layer.y ?? 0, width: layer.width, height: layer.height });

function withPositions(design: Design, positions: Map<string, { x?: number; y?: number }>): Design {
  return { ...design, layers: design.layers.map((layer) => (positions.has(layer.name) ? { ...layer, ...positions.get(layer.name) } : layer)) };
}

/**
 * Aligns the named layers to the edge or centre line of their common bounds; one layer aligns to the canvas.
 * Locked layers stay where they are (and do not count in the bounds).
 */
export function alignLayers(design: Design, names: readonly string[], edge: AlignEdge, locked: ReadonlySet<string> = new Set()): Design {
  const layers = design.layers.filter((layer) => names.includes(layer.name) && !locked.has(layer.name));
  if (layers.length === 0) return design;
  const boxes = layers.map(box);
  const bounds =
    layers.length === 1 && names.length === 1
      ? { left: 0, top: 0, right: design.width, bottom: design.height }
      : {
          left: Math.min(...boxes.map((item) => item.x)),
          top: Math.min(...boxes.map((item) => item.y)),
          right: Math.max(...boxes.map((item) => item.x + item.width)),
          bottom: Math.max(...boxes.map((item) => item.y + item.height)),
        };
  const positions = new Map<string, { x?: number; y?: number }>();
  layers.forEach((layer, index) => {
    const { width, height } = boxes[index];
    const at: Record<AlignEdge, { x?: number; y?: number }> = {
      left: { x: bounds.left },
      center: { x: Math.round((bounds.left + bounds.right - width) / 2) },
      right: { x: bounds.right - width },
      top: { y: bounds.top },
      middle: { y: Math.round((bounds.top + bounds.bottom - height) / 2) },
      bottom: { y: bounds.bottom - height },
    };
    positions.set(layer.name, at[edge]);
  });
  return withPositions(design, positions);
}

/** Spaces three or more layers evenly between the outermost two (equal gaps), across or down. */
export function distributeLayers(design: Design, names: readonly string[], axis: 'horizontal' | 'vertical', locked: ReadonlySet<string> = new Set()): Design {
  const layers = design.layers.filter((layer) => names.includes(layer.name) && !locked.has(layer.name));
  if (layers.length < 3) return design;
  const start = axis === 'horizontal' ? 'x' : 'y';
  const size = axis === 'horizontal' ? 'width' : 'height';
  const sorted = layers.map((layer) => ({ name: layer.name, ...box(layer) })).sort((a, b) => a[start] - b[start]);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const occupied = sorted.reduce((total, item) => total + item[size], 0);
  const gap = (last[start] + last[size] - first[start] - occupied) / (sorted.length - 1);
  const positions = new Map<string, { x?: number; y?: number }>();
  let cursor = first[start];
  for (const item of sorted) {
    positions.set(item.name, { [start]: Math.round(cursor) });
    cursor += item[size] + gap;
  }
  return withPositions(design, positions);
}

/** The names of the locked layers: they stay selectable and editable in the panel but never move or resize. */
export function lockedNames(design: Design): Set<string> {
  return new Set(design.layers.filter((layer) => layer.locked === true).map((layer) => layer.name));
}

/** Locks the named layers, or unlocks them when every one is locked already (one toggle for a mixed selection). */
export function toggleLocked(design: Design, names: readonly string[]): Design {
  const chosen = design.layers.filter((layer) => names.includes(layer.name));
  if (chosen.length === 0) return design;
  const lock = !chosen.every((layer) => layer.locked === true);
  return {
    ...design,
    layers: design.layers.map((layer) => {
      if (!names.includes(layer.name)) return layer;
      if (lock) return { ...layer, locked: true };
      const { locked: _unlocked, ...rest } = layer;
      return rest;
    }),
  };
}

/**
 * Moves the named layers one step up the drawing order (`forward`) or down, keeping their order among themselves;
 * a layer already at the end, or blocked by another chosen layer there, stays.
 */
export function restack(design: Design, names: readonly string[], direction: 'forward' | 'backward'): Design {
  const layers = [...design.layers];
  const step = direction === 'forward' ? 1 : -1;
  const order = layers.map((_, index) => index);
  if (direction === 'forward') order.reverse();
  for (const index of order) {
    const target = index + step;
    if (!names.includes(layers[index].name) || target < 0 || target >= layers.length || names.includes(layers[target].name)) continue;
    [layers[index], layers[target]] = [layers[target], layers[index]];
  }
  return layers.every((layer, index) => layer === design.layers[index]) ? design : { ...design, layers };
}
