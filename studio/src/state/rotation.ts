/** Shift+drag of the rotation handle snaps to this many degrees. */
export const ROTATION_SNAP = 15;

/**
 * The layer's rotation (degrees clockwise, -180 < r ≤ 180) with the pointer at `pointer` and the layer's centre at
 * `center` (both screen pixels): the handle sits straight above the centre, so a pointer above means 0.
 */
export function rotationAt(center: { x: number; y: number }, pointer: { x: number; y: number }, snap: boolean): number {
  const degrees = (Math.atan2(pointer.y - center.y, pointer.x - center.x) * 180) / Math.PI + 90;
  const normal = ((((degrees + 180) % 360) + 360) % 360) - 180;
  // Tenths of a degree (no float noise in the panel), or whole 15° steps.
  const stepped = snap ? Math.round(normal / ROTATION_SNAP) * ROTATION_SNAP : Math.round(normal * 10) / 10;
  return stepped <= -180 ? stepped + 360 : stepped;
}
