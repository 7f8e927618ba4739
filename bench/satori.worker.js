// Peer pipeline for the benchmark: what @vercel/og runs (satori → SVG, resvg → PNG), one card per call.
const { readFileSync } = require('node:fs');
const { join, dirname } = require('node:path');
const satori = require('satori').default;
const { Resvg } = require('@resvg/resvg-js');

const files = join(dirname(require.resolve('@fontsource/inter/package.json')), 'files');
const fonts = [
  { name: 'Inter', data: readFileSync(join(files, 'inter-latin-400-normal.woff')), weight: 400, style: 'normal' },
  { name: 'Inter', data: readFileSync(join(files, 'inter-latin-700-normal.woff')), weight: 700, style: 'normal' },
];

const element = (type, style, children) => ({ type, props: { style, children } });

module.exports = async function render({ text }) {
  const card = element('div', { width: 1200, height: 630, display: 'flex', position: 'relative', backgroundColor: '#0f172a', fontFamily: 'Inter' }, [
    element('div', { position: 'absolute', left: 80, top: 60, width: 200, height: 44, backgroundColor: '#38bdf8', borderRadius: 8 }),
    element('div', { position: 'absolute', left: 80, top: 130, width: 1040, height: 280, display: 'flex', color: '#ffffff', fontSize: 64, fontWeight: 700, lineHeight: 1.2, overflow: 'hidden' }, text),
  ]);
  const svg = await satori(card, { width: 1200, height: 630, fonts });
  const png = new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
  return png.length;
};
