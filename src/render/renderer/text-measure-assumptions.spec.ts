import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureFonts, familyList } from './draw-template';

/**
 * The layout (text-layout.ts) measures each piece of text once, at the layer's size, and scales; and
 * it gives every ideograph, kana and Hangul syllable of a style one shared advance. Both hold for
 * Skia and the shipped fonts: these checks fail if a font or canvas upgrade breaks them.
 */
describe('what the text layout assumes of measureText', () => {
  ensureFonts();
  const ctx = createCanvas(10, 10).getContext('2d');
  const width = (text: string, size: number) => {
    ctx.font = `400 ${size}px ${familyList('Inter', text)}`;
    return ctx.measureText(text).width;
  };

  it.each(['Hello, World — AVA Ty.', '你好，世界。', 'Emoji 👋🏽 and 🇯🇵'])('advances scale linearly with the font size: %s', (text) => {
    const reference = width(text, 1000);
    for (const size of [1, 7, 13, 48, 333, 999]) expect(width(text, size)).toBeCloseTo((reference * size) / 1000, 2);
  });

  it('draws ideographs, kana and CJK punctuation at one shared advance', () => {
    const advances = new Set(Array.from('水你好漢字あいうアイウッャ。、「」（）！？', (character) => width(character, 100).toFixed(2)));
    expect([...advances]).toEqual(['100.00']);
  });

  it('draws every Hangul syllable at one advance (Noto Sans KR)', () => {
    const files = join(dirname(require.resolve('@fontsource/noto-sans-kr/package.json')), 'files');
    for (const file of readdirSync(files).filter((name) => name.endsWith('-400-normal.woff2'))) GlobalFonts.registerFromPath(join(files, file), 'Hangul check');
    ctx.font = '100px "Hangul check"';
    const advances = new Set(Array.from('가나다라한국어글꼴뷁힣갂', (character) => ctx.measureText(character).width.toFixed(2)));
    expect(advances.size).toBe(1);
  });
});
