import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { OutputFormat } from '../../src/design/output-formats';
import { drawTemplate } from '../../src/render/renderer/draw-template';
import { createTemplateSchema } from '../../src/design/template.schema';

export interface DrawnPixels {
  /** Straight (not premultiplied) RGBA, row-major. */
  data: Uint8ClampedArray;
  width: number;
  height: number;
  bytes: Buffer;
  warnings: string[];
  /** [r, g, b, a] at (x, y). */
  at(x: number, y: number): [number, number, number, number];
}

/** Where drawing tests leave their PNGs, to be looked at. */
export const DRAWN_DIR = join(tmpdir(), 'pictor-drawn');

/**
 * Draws a design (validated by the template schema, so defaults apply) in this thread and decodes
 * the result. `saveAs` keeps the encoded image under DRAWN_DIR.
 */
export async function drawPixels(
  design: Record<string, unknown>,
  output: { width?: number; height?: number; format?: OutputFormat; quality?: number; saveAs?: string } = {},
): Promise<DrawnPixels> {
  const parsed = createTemplateSchema.parse({ name: 'test', ...design });
  const width = output.width ?? parsed.width;
  const height = output.height ?? parsed.height;
  const result = await drawTemplate({
    design: parsed,
    output: { width, height, format: output.format ?? 'png', quality: output.quality ?? 0 },
    images: new Map(),
  });
  const bytes = Buffer.from(result.bytes);
  if (output.saveAs) {
    mkdirSync(DRAWN_DIR, { recursive: true });
    writeFileSync(join(DRAWN_DIR, output.saveAs), bytes);
  }
  const raw = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const data = new Uint8ClampedArray(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength);
  return {
    data,
    width: raw.info.width,
    height: raw.info.height,
    bytes,
    warnings: result.warnings.map((warning) => warning.code),
    at(x, y) {
      const offset = (y * raw.info.width + x) * 4;
      return [data[offset], data[offset + 1], data[offset + 2], data[offset + 3]];
    },
  };
}
