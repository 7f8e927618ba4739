/**
 * How the cost of one auto-fit text layer grows with its text (issue 15, finding 1): real measureText from
 * @napi-rs/canvas with the shipped fonts, counting measure calls and the characters they measured.
 * Usage: TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register bench/text-layout-cost.ts [chars...]
 */
import { createCanvas } from '@napi-rs/canvas';
import { ensureFonts, familyList } from '../src/render/renderer/draw-template';
import { fitText } from '../src/render/renderer/text-layout';

ensureFonts();
const ctx = createCanvas(10, 10).getContext('2d');
// Loading the fonts happens once per process, not per layout: done before timing.
ctx.font = `400 10px ${familyList('Inter', '水')}`;
ctx.measureText('a水');

const LATIN_WORDS = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur', 'adipiscing', 'elit', 'sed', 'do'];
const latin = (length: number) => {
  let text = '';
  for (let index = 0; text.length < length; index++) text += LATIN_WORDS[index % LATIN_WORDS.length] + ' ';
  return text.slice(0, length);
};
// Distinct ideographs, so no cache of repeated characters can help.
const cjk = (length: number) => Array.from({ length }, (_, index) => String.fromCodePoint(0x4e00 + ((index * 7919) % 20000))).join('');

// Latin letters and distinct ideographs alternating, and one 5,000-letter word: no segment repeats.
const mixed = (length: number) => Array.from(cjk(Math.ceil(length / 2)), (character, index) => String.fromCharCode(97 + (index % 26)) + character).join('').slice(0, length);
const word = (length: number) => Array.from({ length }, (_, index) => String.fromCharCode(97 + ((index * 7) % 26))).join('');

const boxes = [
  { label: '8192x1', width: 8192, height: 1 },
  { label: '8192x8192', width: 8192, height: 8192 },
  { label: '100x8192', width: 100, height: 8192 },
  { label: '8192x30', width: 8192, height: 30 },
];
const lengths = process.argv.slice(2).map(Number);
const timeLimitMs = Number(process.env.TIME_LIMIT_MS ?? 0);

for (const length of lengths.length > 0 ? lengths : [5000]) {
  for (const [script, make] of [['latin', latin], ['cjk', cjk], ['mixed', mixed], ['word', word]] as const) {
    const text = make(length);
    const families = familyList('Inter', text);
    for (const box of boxes) {
      let calls = 0;
      let characters = 0;
      const started = performance.now();
      const measure = (value: string, size: number) => {
        calls++;
        characters += value.length;
        if (timeLimitMs && performance.now() - started > timeLimitMs) throw new Error('time limit');
        ctx.font = `400 ${size}px ${families}`;
        return ctx.measureText(value).width;
      };
      let outcome = '';
      try {
        const fit = fitText({ text, ...box, fontSize: 1000, minFontSize: 1, autoFit: true, lineHeight: 1.2, maxLines: null }, measure);
        outcome = `size ${fit.fontSize}, ${fit.lines.length} lines${fit.truncated ? ', truncated' : ''}`;
      } catch {
        outcome = `stopped after ${timeLimitMs} ms`;
      }
      const ms = performance.now() - started;
      console.log(`${script.padEnd(5)} ${String(length).padStart(5)} chars ${box.label.padEnd(9)} ${ms.toFixed(0).padStart(7)} ms ${String(calls).padStart(9)} calls ${String(characters).padStart(11)} chars measured  ${outcome}`);
    }
  }
}
