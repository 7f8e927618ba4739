import type { Design } from './design';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The rectangle between two corners, in whichever direction the drag went. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** The visible layers a selection box touches or encloses (by their unrotated boxes), top of the drawing order first. */
export function layersInRect(design: Design, rect: Rect): string[] {
  return design.layers
    .filter((layer) => {
      if (layer.hidden) return false;
      const x = layer.x ?? 0;
      const y = layer.y ?? 0;
      return x <= rect.x + rect.width && x + layer.width >= rect.x && y <= rect.y + rect.height && y + layer.height >= rect.y;
    })
    .map((layer) => layer.name)
    .reverse();
}
