import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Gradient } from '../../design/shape-fields';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A CSS linear-gradient's line for `angle` over the box: through the centre, pointing at `angle`
 * clockwise from "up", long enough that the corners get the first and last stops.
 */
export function gradientLine(box: Box, angle: number): { x0: number; y0: number; x1: number; y1: number } {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.sin(radians);
  const dy = -Math.cos(radians);
  const half = (Math.abs(box.width * dx) + Math.abs(box.height * dy)) / 2;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return { x0: cx - dx * half, y0: cy - dy * half, x1: cx + dx * half, y1: cy + dy * half };
}

/** The shape's paint: its gradient when it has one, else its fill colour. */
export function shapePaint(ctx: SKRSContext2D, layer: Box & { fill: string; gradient: Gradient | null }): string | CanvasGradient {
  if (!layer.gradient) return layer.fill;
  const { x0, y0, x1, y1 } = gradientLine(layer, layer.gradient.angle);
  const gradient = ctx.createLinearGradient(x0, y0, x1, y1);
  for (const stop of layer.gradient.stops) gradient.addColorStop(stop.offset, stop.color);
  return gradient;
}

type CanvasGradient = ReturnType<SKRSContext2D['createLinearGradient']>;

/**
 * Fills a shape with its paint, then strokes its border on the same outline inset by half the border width, so the
 * border lies inside the box. `outline(inset)` traces the shape's path, shrunk by `inset` on every side.
 */
export function paintShape(
  ctx: SKRSContext2D,
  layer: Box & { fill: string; gradient: Gradient | null; borderColor: string; borderWidth: number },
  outline: (inset: number) => void,
): void {
  ctx.fillStyle = shapePaint(ctx, layer);
  ctx.beginPath();
  outline(0);
  ctx.fill();
  if (layer.borderWidth <= 0) return;
  ctx.strokeStyle = layer.borderColor;
  ctx.lineWidth = layer.borderWidth;
  ctx.beginPath();
  outline(layer.borderWidth / 2);
  ctx.stroke();
}
