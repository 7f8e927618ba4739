import '../../fonts/host-fonts-off';
import { Canvas, createCanvas, Image, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { RenderWarning, RenderWarningCode } from '../../design/render-warning';
import { decodeImageOf, drawLayer, usesFonts } from '../layers/layer-drawers';
import type { LayerDefinition } from '../../design/layer-registry';
import type { FontResolver } from '../../fonts/font-resolver';
import type { DrawJob, DrawResult } from './draw-job';
import { ENCODERS } from './encoders';
import { isVectorSurface } from './vector-surfaces';
import { accountFontResolver, ensureFontsFor, fontCollectionLock } from './worker-fonts';

export { ensureFonts, familyList } from './worker-fonts';

// Every input is new, so libvips' operation cache only holds memory; and each worker thread is
// already one unit of parallelism, so one libvips thread per encode avoids oversubscribing cores.
sharp.cache(false);
sharp.concurrency(1);

/**
 * The decoded image of one image layer, reduced to its drawn size (see decodeLayerImage); decoded
 * when its layer is drawn and released after, so a render holds one decoded image at a time.
 */
async function layerImages(job: DrawJob, layer: LayerDefinition, warnings: RenderWarning[]): Promise<ReadonlyMap<string, Image>> {
  const bytes = job.images.get(layer.name);
  if (!bytes) return NO_IMAGES;
  const image = await decodeImageOf(layer, bytes, job.output.width / job.design.width, job.output.height / job.design.height);
  if (image) return new Map([[layer.name, image]]);
  warnings.push({ code: RenderWarningCode.IMAGE_UNAVAILABLE, layer: layer.name, message: 'Image could not be decoded; layer skipped' });
  return NO_IMAGES;
}

const NO_IMAGES: ReadonlyMap<string, Image> = new Map();

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

let previous: Promise<unknown> = Promise.resolve();

/**
 * Draws a template with its resolved layers, scaled to the output size, and encodes it. One drawing at a
 * time per thread: they share the thread's canvas. A pool gives a thread one job at a time anyway; callers in
 * the main thread (tests, tools) may not wait for one before the next.
 */
export function drawTemplate(job: DrawJob): Promise<DrawResult> {
  const drawing = previous.then(() => drawOne(job));
  previous = drawing.catch(() => undefined);
  return drawing;
}

async function drawOne(job: DrawJob): Promise<DrawResult> {
  const encoder = ENCODERS[job.output.format];
  const { value: bytes, ...result } = await withFonts(job, async (fonts, warnings) => {
    if (isVectorSurface(encoder)) {
      // A vector format draws the same layers on its own surface (a PDF page, an SVG canvas): no raster, no encode.
      const page = encoder.open(job.output);
      await drawLayers(page.ctx, job, fonts, warnings);
      return page.close();
    }
    const canvas = canvasFor(job.output.width, job.output.height);
    await drawLayers(canvas.getContext('2d'), job, fonts, warnings);
    return encoder(canvas, job.output);
  });
  return { bytes, ...result };
}

/** One page of a document (draw-document.ts): the job's layers drawn on the document's open page `ctx`. */
export async function drawPage(ctx: SKRSContext2D, job: DrawJob): Promise<Omit<DrawResult, 'bytes'>> {
  const { value: _drawn, ...result } = await withFonts(job, (fonts, warnings) => drawLayers(ctx, job, fonts, warnings));
  return result;
}

/**
 * Runs `draw` with the job's fonts registered and, when its layers have text, the font collection read-locked: text
 * is laid out and its glyphs drawn up to the readback in the encode, and no font may be registered meanwhile (see
 * FontCollectionLock). Registration happens here, before the read is taken.
 */
async function withFonts<T>(
  job: DrawJob,
  draw: (fonts: FontResolver, warnings: RenderWarning[]) => Promise<T>,
): Promise<{ value: T; warnings: RenderWarning[]; fontsMissing?: string[] }> {
  ensureFontsFor(job.design.layers.filter(usesFonts));
  const fonts = accountFontResolver(job.fonts);
  const release = job.design.layers.some(usesFonts) ? fontCollectionLock().read() : undefined;
  try {
    const warnings: RenderWarning[] = [];
    const value = await draw(fonts.resolver, warnings);
    return fonts.missing.length > 0 ? { value, warnings, fontsMissing: fonts.missing } : { value, warnings };
  } finally {
    release?.();
  }
}

/** Draws the design's layers on `ctx`, whose units are output pixels, scaled from design to output size. */
async function drawLayers(ctx: SKRSContext2D, job: DrawJob, fonts: FontResolver, warnings: RenderWarning[]): Promise<void> {
  ctx.save();
  ctx.scale(job.output.width / job.design.width, job.output.height / job.design.height);
  if (job.design.background !== 'transparent') {
    ctx.fillStyle = job.design.background;
    ctx.fillRect(0, 0, job.design.width, job.design.height);
  }
  for (const layer of job.design.layers) {
    if (layer.hidden || layer.opacity === 0) continue;
    const images = await layerImages(job, layer, warnings);
    ctx.save();
    ctx.globalAlpha = layer.opacity;
    drawLayer(ctx, layer, { warnings, images, fonts });
    ctx.restore();
  }
  ctx.restore();
}
