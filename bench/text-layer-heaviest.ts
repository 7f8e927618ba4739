/**
 * The heaviest valid text layers drawn whole (layout, line placement, drawing, PNG) in this thread, contract §20:
 * 5,000 characters, autoFit from 1000 down to 1 px, boxes from a narrow column to the largest, on a 400×400 card.
 * The texts mix distinct ideographs with characters no shipped font has (drawn as stand-ins), the case that once
 * took seconds per layer. Prints ms per drawing, the second of two (the first loads the fonts it needs).
 * Usage: TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register bench/text-layer-heaviest.ts
 */
import { drawTemplate } from '../src/render/renderer/draw-template';
import { createTemplateSchema } from '../src/design/template.schema';

const LENGTH = 5000;
const ideographs = (index: number) => String.fromCodePoint(0x4e00 + ((index * 7919) % 20000));
const texts: Array<[string, string]> = [
  ['distinct ideographs (some missing)', Array.from({ length: LENGTH }, (_, index) => ideographs(index)).join('')],
  ['ideographs and private-use', Array.from({ length: LENGTH }, (_, index) => (index % 2 ? '\uE000' : ideographs(index))).join('')],
  [
    'latin words, an ideograph from U+9F00–9FFF each',
    Array.from({ length: LENGTH / 5 }, (_, index) => `abc${String.fromCodePoint(0x9f00 + (index % 255))} `).join(''),
  ],
];
const boxes = [
  [30, 8192],
  [100, 8192],
  [400, 400],
  [8192, 8192],
  [8192, 1],
];

async function drawn(text: string, width: number, height: number): Promise<number> {
  const design = createTemplateSchema.parse({
    name: 'heaviest',
    width: 400,
    height: 400,
    background: '#ffffff',
    layers: [{ name: 't', type: 'text', x: 0, y: 0, width, height, text, fontSize: 1000, minFontSize: 1, autoFit: true }],
  });
  const started = performance.now();
  await drawTemplate({ design, output: { width: 400, height: 400, format: 'png', quality: 0 }, images: new Map() });
  return performance.now() - started;
}

async function main() {
  for (const [label, text] of texts) {
    for (const [width, height] of boxes) {
      await drawn(text, width, height);
      const ms = await drawn(text, width, height);
      console.log(`${label.padEnd(48)} box ${`${width}x${height}`.padEnd(10)} ${ms.toFixed(0).padStart(6)} ms`);
    }
  }
}

void main();
