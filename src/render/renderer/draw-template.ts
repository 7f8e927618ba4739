import '../../fonts/host-fonts-off';
import { Canvas, createCanvas, GlobalFonts, Image, loadImage, SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { FALLBACK_FAMILIES, fontFiles } from '../../fonts/font-catalog';
import { BUILTIN_FONT_RESOLVER, formatCodePoints } from '../../fonts/font-resolver';
import type { ImageLayer, RectLayer, TextLayer } from '../../templates/dto/template.schema';
import { RenderWarning, RenderWarningCode } from '../dto/render-response';
import type { DrawJob, DrawResult } from './draw-job';
import { fitText } from './text-layout';

// Every input is new, so libvips' operation cache only holds memory; and each worker thread is
// already one unit of parallelism, so one libvips thread per encode avoids oversubscribing cores.
sharp.cache(false);
sharp.concurrency(1);

const PNG_COMPRESSION_LEVEL = 3;

let fontsChecked = false;

/**
 * The font collection is process-wide (shared by all worker threads): the first thread registers
 * the shipped fonts, later ones find them there. Registering again would duplicate them in memory.
 * Checked once per thread: `GlobalFonts.has` serializes and parses the whole family list on every
 * call, which measured ~9 % of a render's CPU when it ran per drawing.
 */
export function ensureFonts(): void {
  if (fontsChecked) return;
  if (!GlobalFonts.has(FALLBACK_FAMILIES[FALLBACK_FAMILIES.length - 1])) {
    for (const { family, path } of fontFiles()) GlobalFonts.registerFromPath(path, family);
  }
  fontsChecked = true;
}

/** The layer's family, followed by the fallbacks only when some character needs them (see FontResolver.fontListFor). */
export function familyList(family: string, text: string): string {
  return BUILTIN_FONT_RESOLVER.fontListFor(family, 400, 'normal', text).families;
}

function drawRect(ctx: SKRSContext2D, layer: RectLayer): void {
  ctx.fillStyle = layer.fill;
  ctx.beginPath();
  ctx.roundRect(layer.x, layer.y, layer.width, layer.height, layer.radius);
  ctx.fill();
}

function drawText(ctx: SKRSContext2D, textLayer: TextLayer, warnings: RenderWarning[]): void {
  const missing = BUILTIN_FONT_RESOLVER.missingCodePoints(textLayer.fontFamily, textLayer.text);
  if (missing.length > 0) {
    warnings.push({
      code: RenderWarningCode.GLYPH_MISSING,
      layer: textLayer.name,
      message: `No font has ${formatCodePoints(missing)}; drawn as a missing-glyph box`,
    });
  }
  const layer = { ...textLayer, text: BUILTIN_FONT_RESOLVER.withStandIns(textLayer.text, missing) };
  // Chosen from the whole text plus the ellipsis that truncation may add (U+2026).
  const families = familyList(layer.fontFamily, `${layer.text}\u2026`);
  const fontString = (size: number) => `${layer.fontWeight} ${size}px ${families}`;
  const measure = (text: string, size: number) => {
    ctx.font = fontString(size);
    return ctx.measureText(text).width;
  };
  const fit = fitText(layer, measure);
  if (fit.truncated) {
    warnings.push({
      code: RenderWarningCode.TEXT_TRUNCATED,
      layer: layer.name,
      message: `Text did not fit at ${layer.autoFit ? 'minFontSize ' : ''}${fit.fontSize}px and was shortened with an ellipsis`,
    });
  }
  if (fit.lines.length === 0) return;
  const lineHeight = fit.fontSize * layer.lineHeight;
  const blockHeight = lineHeight * fit.lines.length;
  const top =
    layer.verticalAlign === 'middle'
      ? layer.y + (layer.height - blockHeight) / 2
      : layer.verticalAlign === 'bottom'
        ? layer.y + layer.height - blockHeight
        : layer.y;
  const x = layer.align === 'center' ? layer.x + layer.width / 2 : layer.align === 'right' ? layer.x + layer.width : layer.x;
  ctx.font = fontString(fit.fontSize);
  ctx.fillStyle = layer.color;
  ctx.textAlign = layer.align;
  ctx.textBaseline = 'middle';
  fit.lines.forEach((line, index) => ctx.fillText(line, x, top + lineHeight * index + lineHeight / 2));
}

/** Decodes every fetched image up front (decoding is asynchronous); an undecodable one skips its layer. */
async function decodeImages(job: DrawJob, warnings: RenderWarning[]): Promise<Map<string, Image>> {
  const decoded = new Map<string, Image>();
  for (const [name, bytes] of Object.entries(job.images)) {
    try {
      const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      if (image.width > 0 && image.height > 0) {
        decoded.set(name, image);
        continue;
      }
    } catch {
      // reported below
    }
    warnings.push({ code: RenderWarningCode.IMAGE_UNAVAILABLE, layer: name, message: 'Image could not be decoded; layer skipped' });
  }
  return decoded;
}

function drawImage(ctx: SKRSContext2D, layer: ImageLayer, image: Image | undefined): void {
  if (!layer.imageUrl || !image) return;
  const { x, y, width, height } = layer;
  ctx.save();
  if (layer.radius > 0) {
    ctx.beginPath();
    ctx.roundRect(x, y, width, height, layer.radius);
    ctx.clip();
  }
  if (layer.fit === 'fill') {
    ctx.drawImage(image, x, y, width, height);
  } else if (layer.fit === 'contain') {
    const scale = Math.min(width / image.width, height / image.height);
    const drawWidth = image.width * scale;
    const drawHeight = image.height * scale;
    ctx.drawImage(image, x + (width - drawWidth) / 2, y + (height - drawHeight) / 2, drawWidth, drawHeight);
  } else {
    // cover: crop the source to the box's aspect ratio, centred.
    const scale = Math.max(width / image.width, height / image.height);
    const sourceWidth = width / scale;
    const sourceHeight = height / scale;
    ctx.drawImage(image, (image.width - sourceWidth) / 2, (image.height - sourceHeight) / 2, sourceWidth, sourceHeight, x, y, width, height);
  }
  ctx.restore();
}

async function encode(canvas: Canvas, job: DrawJob): Promise<Uint8Array> {
  const { width, height, format, quality } = job.output;
  if (format === 'png') {
    // sharp's PNG encoder is ~2× faster than the canvas's; canvas pixels are premultiplied RGBA.
    // Level 3, measured on the sample card: 3.4 ms / 47.9 KiB (level 6: 5.6 ms / 42.1 KiB; 9: 27.9 ms / 29.8 KiB).
    return sharp(canvas.data(), { raw: { width, height, channels: 4, premultiplied: true } })
      .png({ compressionLevel: PNG_COMPRESSION_LEVEL, adaptiveFiltering: false })
      .toBuffer();
  }
  // For JPEG and WebP the canvas's own encoders measured faster than sharp's.
  return canvas.encode(format, quality);
}

// One canvas per thread, reused while the output size stays the same: a new 1200×630 canvas is
// 3 MB of native memory that only returns when V8 happens to collect its small JS wrapper.
let reusable: Canvas | null = null;

function canvasFor(width: number, height: number): Canvas {
  if (!reusable || reusable.width !== width || reusable.height !== height) reusable = createCanvas(width, height);
  const ctx = reusable.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return reusable;
}

/** Draws a template with its resolved layers, scaled to the output size, and encodes it. */
export async function drawTemplate(job: DrawJob): Promise<DrawResult> {
  ensureFonts();
  const warnings: RenderWarning[] = [];
  const images = await decodeImages(job, warnings);
  const canvas = canvasFor(job.output.width, job.output.height);
  const ctx = canvas.getContext('2d');
  ctx.save();
  ctx.scale(job.output.width / job.design.width, job.output.height / job.design.height);
  if (job.design.background !== 'transparent') {
    ctx.fillStyle = job.design.background;
    ctx.fillRect(0, 0, job.design.width, job.design.height);
  }
  for (const layer of job.design.layers) {
    if (layer.hidden || layer.opacity === 0) continue;
    ctx.save();
    ctx.globalAlpha = layer.opacity;
    if (layer.type === 'rect') drawRect(ctx, layer);
    else if (layer.type === 'text') drawText(ctx, layer, warnings);
    else drawImage(ctx, layer, images.get(layer.name));
    ctx.restore();
  }
  ctx.restore();
  return { bytes: await encode(canvas, job), warnings };
}
