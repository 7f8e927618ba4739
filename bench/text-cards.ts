/** The typography card in docs/ (README): TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register bench/text-cards.ts [out.png] */
import { writeFileSync } from 'node:fs';
import { layerSchema } from '../src/design/layer-registry';
import { drawTemplate } from '../src/render/renderer/draw-template';

const text = (fields: object) => layerSchema.parse({ type: 'text', name: `t${Math.random()}`, width: 560, height: 90, fontSize: 32, ...fields });
const layers = [
  text({ x: 20, y: 10, text: 'Justified text spreads the words of every line but the last across the box.', align: 'justify', fontSize: 22, height: 100 }),
  text({
    x: 620,
    y: 10,
    spans: [
      { text: 'Rich ' },
      { text: 'bold ', fontWeight: 700, color: '#dc2626' },
      { text: 'italic ', fontStyle: 'italic' },
      { text: 'underlined', underline: true, color: '#2563eb' },
      { text: ' spans wrap together as one paragraph.' },
    ],
    fontSize: 26,
    height: 100,
  }),
  text({
    x: 20,
    y: 120,
    text: 'OUTLINE + SHADOW',
    fontWeight: 900,
    color: '#fde047',
    strokeColor: '#1e293b',
    strokeWidth: 6,
    shadow: { color: '#00000088', blur: 8, offsetX: 4, offsetY: 4 },
    fontSize: 48,
  }),
  text({
    x: 620,
    y: 120,
    text: 'Highlighted lines sit behind each line box',
    background: { color: '#fde68a', padding: 6, radius: 6 },
    fontSize: 28,
    height: 100,
  }),
  text({ x: 20, y: 230, text: 'istanbul ılık', textTransform: 'uppercase', lang: 'tr', fontSize: 40 }),
  text({ x: 620, y: 230, text: 'Spaced out', letterSpacing: 12, fontSize: 40 }),
  text({ x: 20, y: 330, text: '東京都「新宿」区。次の行、(括弧)です。日本語の文章は句読点で始まらない。', fontSize: 30, height: 120 }),
  text({ x: 620, y: 330, text: 'Rotated 10°', rotation: 10, fontSize: 40, opacity: 0.6 }),
  text({ x: 20, y: 460, text: 'https://example.com/articles/a-very-long-title?lang=en&ref=newsletter', fontSize: 28, width: 300, height: 140 }),
  text({ x: 620, y: 460, text: 'Emoji 👨‍👩‍👧‍👦 🇯🇵 👍🏽 stay whole when this line wraps', fontSize: 30, width: 300, height: 140, align: 'end' }),
];
// Script top level: a rejection is unhandled and still ends the process with an error.
void drawTemplate({
  design: { width: 1200, height: 620, background: '#ffffff', layers },
  output: { width: 1200, height: 620, format: 'png', quality: 90 },
  images: new Map(),
}).then((result) => {
  writeFileSync(process.argv[2] ?? 'docs/text-typography.png', result.bytes);
  console.log(result.warnings);
});
