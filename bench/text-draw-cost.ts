/**
 * Whole-layer cost (layout, bidi, drawing and PNG encoding) of the heaviest valid text layers, through drawTemplate.
 * Usage: TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register bench/text-draw-cost.ts
 */
import { layerSchema } from '../src/design/layer-registry';
import { drawTemplate } from '../src/render/renderer/draw-template';

const cjk = Array.from({ length: 5000 }, (_, index) => String.fromCodePoint(0x4e00 + ((index * 7919) % 20000))).join('');
const latin = 'lorem ipsum dolor sit amet consectetur adipiscing elit '.repeat(100).slice(0, 5000);
const hebrew = 'שלום עולם 123 טקסט בעברית! '.repeat(200).slice(0, 5000);
const boxes = [
  { width: 8192, height: 1 },
  { width: 8192, height: 8192 },
  { width: 100, height: 8192 },
  { width: 8192, height: 30 },
];

// Script top level: a rejection is unhandled and still ends the process with an error.
void (async () => {
  for (const [name, text] of [
    ['latin', latin],
    ['cjk', cjk],
    ['hebrew', hebrew],
  ] as const) {
    for (const box of boxes) {
      const layer = layerSchema.parse({ type: 'text', name: 't', ...box, text, fontSize: 1000, minFontSize: 1, autoFit: true, align: 'justify' });
      const job = {
        design: { width: 2048, height: 2048, background: '#ffffff', layers: [layer] },
        output: { width: 2048, height: 2048, format: 'png' as const, quality: 90 },
        images: new Map(),
      };
      await drawTemplate(job); // fonts and caches warm
      const started = performance.now();
      await drawTemplate(job);
      console.log(
        `${name.padEnd(6)} ${`${box.width}x${box.height}`.padEnd(10)} ${(performance.now() - started).toFixed(0).padStart(6)} ms (layout, draw, PNG encode of 2048×2048)`,
      );
    }
  }
})();
