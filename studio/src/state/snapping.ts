export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Guides {
  /** Canvas x positions a snapped edge or centre lines up with. */
  vertical: number[];
  horizontal: number[];
}

export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

/** Snap lines of a canvas: its edges and centre lines. */
function lines(size: number): number[] {
  return [0, Math.round(size / 2), size];
}

/** The offset that brings the nearest of `points` onto a line within `threshold`, or 0. */
function nearest(points: number[], targets: number[], threshold: number): { offset: number; line: number | null } {
  let best = { offset: 0, line: null as number | null, distance: threshold + 1 };
  for (const point of points) {
    for (const target of targets) {
      const distance = Math.abs(target - point);
      if (distance <= threshold && distance < best.distance) best = { offset: target - point, line: target, distance };
    }
  }
  return { offset: best.offset, line: best.line };
}

/** Moves a box so its left/centre/right (top/middle/bottom) snap to the canvas edges and centre lines. */
export function snapMove(box: Box, canvas: { width: number; height: number }, threshold: number): { box: Box; guides: Guides } {
  const horizontal = nearest([box.x, box.x + box.width / 2, box.x + box.width], lines(canvas.width), threshold);
  const vertical = nearest([box.y, box.y + box.height / 2, box.y + box.height], lines(canvas.height), threshold);
  return {
    box: { ...box, x: Math.round(box.x + horizontal.offset), y: Math.round(box.y + vertical.offset) },
    guides: { vertical: horizontal.line === null ? [] : [horizontal.line], horizontal: vertical.line === null ? [] : [vertical.line] },
  };
}

/**
 * Resizes a box from `start` by dragging `handle` by (dx, dy); the moving edges snap to the canvas
 * edges and centre lines. Width and height never go below 1.
 */
export function resizeBox(start: Box, handle: Handle, dx: number, dy: number, canvas: { width: number; height: number }, threshold: number): { box: Box; guides: Guides } {
  let left = start.x;
  let right = start.x + start.width;
  let top = start.y;
  let bottom = start.y + start.height;
  const guides: Guides = { vertical: [], horizontal: [] };
  const snapEdge = (value: number, targets: number[], found: number[]) => {
    const match = nearest([value], targets, threshold);
    if (match.line !== null) found.push(match.line);
    return value + match.offset;
  };
  if (handle.includes('w')) left = Math.min(snapEdge(left + dx, lines(canvas.width), guides.vertical), right - 1);
  if (handle.includes('e')) right = Math.max(snapEdge(right + dx, lines(canvas.width), guides.vertical), left + 1);
  if (handle.includes('n')) top = Math.min(snapEdge(top + dy, lines(canvas.height), guides.horizontal), bottom - 1);
  if (handle.includes('s')) bottom = Math.max(snapEdge(bottom + dy, lines(canvas.height), guides.horizontal), top + 1);
  const x = Math.round(left);
  const y = Math.round(top);
  return { box: { x, y, width: Math.max(1, Math.round(right) - x), height: Math.max(1, Math.round(bottom) - y) }, guides };
}
