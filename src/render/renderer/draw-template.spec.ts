import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { FALLBACK_FAMILIES, FONT_FAMILIES } from '../../fonts/font-catalog';
import { createTemplateSchema } from '../../templates/dto/template.schema';
import { drawTemplate, ensureFonts, familyList } from './draw-template';

/** Renders one line of white text on black with the real shipped fonts. */
async function renderText(text: string): Promise<{ data: Buffer; channels: number }> {
  const design = createTemplateSchema.parse({
    name: 'glyphs',
    width: 400,
    height: 100,
    background: '#000000',
    layers: [{ name: 't', type: 'text', x: 10, y: 10, width: 380, height: 80, text, fontSize: 48, color: '#ffffff' }],
  });
  const { bytes } = await drawTemplate({ design, output: { width: 400, height: 100, format: 'png', quality: 0 }, images: new Map() });
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, channels: info.channels };
}

describe('drawTemplate glyph coverage (real fonts)', () => {
  it('draws CJK text with real glyphs, not the missing-glyph box', async () => {
    const [cjk, missing] = await Promise.all([renderText('你好世界'), renderText('\uE000\uE001\uE002\uE003')]);
    expect(cjk.data.equals(missing.data)).toBe(false);
    // Two different ideographs must not draw the same shape (boxes would be identical).
    const [a, b] = await Promise.all([renderText('你'), renderText('好')]);
    expect(a.data.equals(b.data)).toBe(false);
  });

  it('draws emoji in colour', async () => {
    const { data, channels } = await renderText('😀🚀');
    let coloured = 0;
    for (let offset = 0; offset < data.length; offset += channels) {
      const [r, g, b] = [data[offset], data[offset + 1], data[offset + 2]];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
    }
    // White-on-black text (or a box) is grey; a colour emoji has many saturated pixels.
    expect(coloured).toBeGreaterThan(200);
  });

  it('draws Latin, Greek and Cyrillic from Inter', async () => {
    const [latin, missing] = await Promise.all([renderText('Hello Ωλ Привет'), renderText('\uE000'.repeat(14))]);
    expect(latin.data.equals(missing.data)).toBe(false);
  });
});

describe('familyList (fallback fonts only when needed)', () => {
  beforeAll(() => ensureFonts());

  it('leaves the fallbacks out for text of the family’s own glyphs, and keeps them otherwise', () => {
    expect(familyList('Inter', 'Hello — “world” 2026 …\nÇa va? Việt Ελλάδα Привет')).toBe('"Inter"');
    expect(familyList('Inter', 'Hello 你好')).toBe('"Inter", "Noto Sans SC", "Noto Color Emoji"');
    expect(familyList('Inter', 'Launch 🚀')).toBe('"Inter", "Noto Sans SC", "Noto Color Emoji"');
    expect(familyList('Noto Sans SC', 'Hello')).toBe('"Noto Sans SC", "Noto Sans SC", "Noto Color Emoji"');
  });

  it.each(FONT_FAMILIES.filter((font) => font.ownGlyphs))('$family draws every one of its own glyphs itself (same advance with or without the fallbacks)', ({ family, ownGlyphs, weights }) => {
    const ctx = createCanvas(10, 10).getContext('2d');
    const checked: string[] = [];
    const differing: string[] = [];
    for (let code = 0x21; code <= 0xffff; code++) {
      const char = String.fromCodePoint(code);
      if (/\s/.test(char) || !ownGlyphs!.test(char)) continue;
      checked.push(char);
      for (const weight of [weights[0], 400, 700, weights[weights.length - 1]]) {
        ctx.font = `${weight} 40px "${family}"`;
        const alone = ctx.measureText(char).width;
        ctx.font = `${weight} 40px "${family}", ${FALLBACK_FAMILIES.map((name) => `"${name}"`).join(', ')}`;
        if (ctx.measureText(char).width !== alone) differing.push(`U+${code.toString(16)} @${weight}`);
      }
    }
    expect(checked.length).toBeGreaterThan(900);
    expect(differing).toEqual([]);
  });
});
