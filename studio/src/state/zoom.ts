/** The canvas's zoom: a scale (screen pixels per design pixel) or `fit`, which follows the visible area. */
export type Zoom = number | 'fit';

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 4;
const STEPS = [0.05, 0.1, 0.25, 1 / 3, 0.5, 2 / 3, 0.75, 1, 1.25, 1.5, 2, 3, 4];

/** The scale at which the whole design fits the area, both ways (a portrait design on a landscape screen fits by its height). */
export function fitScale(design: { width: number; height: number }, area: { width: number; height: number }): number {
  const scale = Math.min(area.width / design.width, area.height / design.height);
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/** The next step up from `scale` (Zoom in, Ctrl+=, Ctrl+wheel up). */
export function zoomIn(scale: number): number {
  return STEPS.find((step) => step > scale * 1.001) ?? MAX_ZOOM;
}

/** The next step down from `scale` (Zoom out, Ctrl+-, Ctrl+wheel down). */
export function zoomOut(scale: number): number {
  return [...STEPS].reverse().find((step) => step < scale / 1.001) ?? MIN_ZOOM;
}

/** A zoom shortcut: Ctrl/Cmd with `=`/`+` zooms in, `-` zooms out, `0` fits. */
export function zoomShortcut(press: { key: string; ctrlKey?: boolean; metaKey?: boolean }): 'in' | 'out' | 'fit' | null {
  if (!(press.ctrlKey || press.metaKey)) return null;
  if (press.key === '=' || press.key === '+') return 'in';
  if (press.key === '-') return 'out';
  return press.key === '0' ? 'fit' : null;
}

/** How wide to ask the server to draw the preview: the displayed size in device pixels, never wider than 4096. */
export function previewWidth(designWidth: number, scale: number, devicePixelRatio: number): number {
  return Math.max(1, Math.min(4096, Math.ceil(designWidth * scale * devicePixelRatio)));
}
