/** The largest preview drawn: 4 megapixels (4 × 2^20), whatever the template's or the request's size. */
export const MAX_PREVIEW_PIXELS = 4 * 2 ** 20;

/** Scales a size down (never up) to at most MAX_PREVIEW_PIXELS, keeping its aspect ratio. */
export function previewSize(width: number, height: number): { width: number; height: number } {
  if (width * height <= MAX_PREVIEW_PIXELS) return { width, height };
  const scale = Math.sqrt(MAX_PREVIEW_PIXELS / (width * height));
  let scaled = { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
  // Flooring both keeps the product under the cap; this loop only guards rounding at the edge.
  while (scaled.width * scaled.height > MAX_PREVIEW_PIXELS) scaled = { width: scaled.width - 1, height: scaled.height };
  return scaled;
}
