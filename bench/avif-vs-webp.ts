/**
 * AVIF vs WebP for the sample card: encode time, size and visual quality (SSIM against the drawn pixels).
 * Run: TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register bench/avif-vs-webp.ts
 *
 * SSIM: luma (BT.601) of the decoded image vs the canvas's own pixels (both flattened on white), 8×8
 * windows every 4 px, C1 = (0.01·255)², C2 = (0.03·255)², mean over windows (Wang et al. 2004, box window).
 */
import { createCanvas } from '@napi-rs/canvas';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { generateRequestSchema } from '../src/render/dto/render-request.schema';
import { drawLayer } from '../src/render/layers/layer-drawers';
import { planRender } from '../src/render/render-plan';
import { BUILTIN_FONT_RESOLVER } from '../src/fonts/font-resolver';
import { ensureFonts } from '../src/render/renderer/worker-fonts';
import { GOLDEN_SECRET, goldenTemplate } from '../test/support/layer-golden';

sharp.concurrency(1);

function luma(rgba: Uint8Array | Buffer, pixels: number): Float64Array {
  const out = new Float64Array(pixels);
  for (let index = 0; index < pixels; index++) out[index] = 0.299 * rgba[index * 4] + 0.587 * rgba[index * 4 + 1] + 0.114 * rgba[index * 4 + 2];
  return out;
}

export function ssim(a: Float64Array, b: Float64Array, width: number, height: number, window = 8, step = 4): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let count = 0;
  const n = window * window;
  for (let y = 0; y + window <= height; y += step) {
    for (let x = 0; x + window <= width; x += step) {
      let sumA = 0,
        sumB = 0,
        sumAA = 0,
        sumBB = 0,
        sumAB = 0;
      for (let dy = 0; dy < window; dy++) {
        const row = (y + dy) * width + x;
        for (let dx = 0; dx < window; dx++) {
          const va = a[row + dx];
          const vb = b[row + dx];
          sumA += va;
          sumB += vb;
          sumAA += va * va;
          sumBB += vb * vb;
          sumAB += va * vb;
        }
      }
      const meanA = sumA / n;
      const meanB = sumB / n;
      const varA = sumAA / n - meanA * meanA;
      const varB = sumBB / n - meanB * meanB;
      const cov = sumAB / n - meanA * meanB;
      total += ((2 * meanA * meanB + c1) * (2 * cov + c2)) / ((meanA * meanA + meanB * meanB + c1) * (varA + varB + c2));
      count++;
    }
  }
  return total / count;
}

async function main(): Promise<void> {
  ensureFonts();
  const template = goldenTemplate();
  const request = generateRequestSchema.parse({
    templateId: template.id,
    layers: { title: { text: 'Ship faster with Pictor: layer types as plug-ins, QR codes and AVIF' } },
  });
  const { job } = planRender(template, request, GOLDEN_SECRET);
  const { width, height } = job.output;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = job.design.background;
  ctx.fillRect(0, 0, width, height);
  for (const layer of job.design.layers) drawLayer(ctx, layer, { warnings: [], images: new Map(), fonts: BUILTIN_FONT_RESOLVER });
  // A photo-like avatar: the sample card's image layer usually holds a photo, which is where codecs differ most.
  const photo = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(2)
    .png()
    .toBuffer();
  const { loadImage } = await import('@napi-rs/canvas');
  ctx.drawImage(await loadImage(photo), 1000, 470, 120, 120);
  const raw = canvas.data();
  const reference = luma(
    await sharp(raw, { raw: { width, height, channels: 4, premultiplied: true } })
      .flatten({ background: '#ffffff' })
      .raw()
      .ensureAlpha()
      .toBuffer(),
    width * height,
  );

  const measure = async (label: string, encode: () => Promise<Buffer> | Buffer) => {
    await encode();
    const runs = 5;
    let bytes: Buffer = Buffer.alloc(0);
    const started = performance.now();
    for (let run = 0; run < runs; run++) bytes = await encode();
    const ms = (performance.now() - started) / runs;
    const decoded = await sharp(bytes).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer();
    const score = ssim(reference, luma(decoded, width * height), width, height);
    console.log(`${label.padEnd(28)} ${ms.toFixed(1).padStart(7)} ms ${(bytes.byteLength / 1024).toFixed(1).padStart(8)} KiB  SSIM ${score.toFixed(5)}`);
    return { ms, size: bytes.byteLength, ssim: score };
  };

  for (const quality of [75, 85, 90]) await measure(`webp q${quality} (canvas)`, () => canvas.encode('webp', quality));
  const fromCanvas = () => sharp(raw, { raw: { width, height, channels: 4, premultiplied: true } });
  const efforts = (process.env.AVIF_EFFORTS ?? '0,2,4').split(',').map(Number);
  const qualities = (process.env.AVIF_QUALITIES ?? '45,50,55,60,65,70').split(',').map(Number);
  for (const effort of efforts) {
    for (const quality of qualities) {
      await measure(`avif q${quality} effort ${effort}`, () => fromCanvas().avif({ quality, effort }).toBuffer());
    }
  }
  if (!process.env.AVIF_EFFORTS)
    for (const quality of [50, 60])
      await measure(`avif q${quality} e2 4:2:0`, () => fromCanvas().avif({ quality, effort: 2, chromaSubsampling: '4:2:0' }).toBuffer());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
