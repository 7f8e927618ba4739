import type { Layer } from './design';
import { Box, Guides, Handle, resizeBox, snapMove } from './snapping';

/** Snapping reaches this many screen pixels, whatever the zoom. */
export const SNAP_PX = 6;

/** A drag in progress: what it does to which layer, from where. */
export interface Gesture {
  kind: 'move' | 'resize';
  handle?: Handle;
  index: number;
  start: Box;
  pointerX: number;
  pointerY: number;
  /** The history key: every step of one drag coalesces into one undo step. */
  key: string;
}

export interface Pointer {
  x: number;
  y: number;
}

/** A gesture on layer `index`, begun at `pointer` (screen pixels) at `time` (the event's time stamp). */
export function startGesture(layer: Layer, index: number, kind: Gesture['kind'], pointer: Pointer, time: number, handle?: Handle): Gesture {
  return {
    kind,
    handle,
    index,
    pointerX: pointer.x,
    pointerY: pointer.y,
    key: `${kind}:${layer.name}:${time}`,
    start: { x: layer.x ?? 0, y: layer.y ?? 0, width: layer.width, height: layer.height },
  };
}

/** The layer's box with the pointer at `pointer`, on a canvas drawn at `scale` screen pixels per design pixel. */
export function gestureBox(gesture: Gesture, pointer: Pointer, scale: number, canvas: { width: number; height: number }): { box: Box; guides: Guides } {
  const dx = (pointer.x - gesture.pointerX) / scale;
  const dy = (pointer.y - gesture.pointerY) / scale;
  const threshold = SNAP_PX / scale;
  const { start } = gesture;
  return gesture.kind === 'move'
    ? snapMove({ ...start, x: start.x + dx, y: start.y + dy }, canvas, threshold)
    : resizeBox(start, gesture.handle!, dx, dy, canvas, threshold);
}
