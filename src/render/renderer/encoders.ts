import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { OutputFormat } from '../../design/output-formats';
import type { DrawJob } from './draw-job';

import type { VectorSurface } from './vector-surfaces';
import { PDF_SURFACE, SVG_SURFACE } from './vector-surfaces';

/** A raster format: the layers are drawn on the thread's canvas, which this turns into the format's bytes. */
export type RasterEncoder = (canvas: Canvas, output: DrawJob['output']) => Promise<Uint8Array>;

/**
 * How one output format is made: a raster encoder (a function), or a vector surface the layers are drawn onto
 * directly (vector-surfaces.ts: PDF, SVG), which gives its bytes when closed.
 */
export type Encoder = RasterEncoder | VectorSurface;

const PNG_COMPRESSION_LEVEL = 3;
/**
 * libaom speed/size trade-off (0–9; sharp's default is 4). On the sample card at equal SSIM, effort 1
 * took ~2× WebP's encode time for 39 % fewer bytes; effort 2 saved 3 % more bytes in 2.5× effort 1's
 * time, and effort 4 took ~20× WebP's time (bench/avif-vs-webp.ts).
 */
const AVIF_EFFORT = 1;

/**
 * The canvas's pixels for sharp, straight (not premultiplied) RGBA. `getImageData` unpremultiplies
 * inside Skia; handing sharp `canvas.data()` (premultiplied) made libvips unpremultiply in floating
 * point, about half of the PNG encode's CPU (docs/performance.md).
 */
function straightPixels(canvas: Canvas, width: number, height: number) {
  const { data } = canvas.getContext('2d').getImageData(0, 0, width, height);
  // A Buffer view (no copy): sharp recognises typed arrays with instanceof, which fails across realms (jest's sandbox).
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
}

/**
 * One encoder (or vector surface) per row of the format table (design/output-formats.ts): a format without one fails to compile.
 * For PNG and AVIF sharp's encoders measured faster (PNG ~2×); for JPEG and WebP the canvas's own.
 */
export const ENCODERS: { [Format in OutputFormat]: Encoder } = {
  // Level 3, measured on the sample card: 3.4 ms / 47.9 KiB (level 6: 5.6 ms / 42.1 KiB; 9: 27.9 ms / 29.8 KiB).
  png: (canvas, { width, height }) =>
    straightPixels(canvas, width, height).png({ compressionLevel: PNG_COMPRESSION_LEVEL, adaptiveFiltering: false }).toBuffer(),
  jpeg: (canvas, { quality }) => canvas.encode('jpeg', quality),
  webp: (canvas, { quality }) => canvas.encode('webp', quality),
  avif: (canvas, { width, height, quality }) => straightPixels(canvas, width, height).avif({ quality, effort: AVIF_EFFORT }).toBuffer(),
  pdf: PDF_SURFACE,
  svg: SVG_SURFACE,
};
