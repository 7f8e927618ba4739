import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { FALLBACK_FAMILIES } from '../../fonts/font-catalog';
import { SCRIPT_SAMPLES } from '../../fonts/script-samples';
import { BUILTIN_FONT_RESOLVER } from '../../fonts/font-resolver';
import { createTemplateSchema } from '../../design/template.schema';
import { drawInFreshProcess } from '../../../test/support/fresh-process-draw';
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
  const output = { width: 400, height: 100, format: 'png' as const, quality: 0 };
  // Emoji in a process of their own: fonts registered by other threads of this jest worker could blank them (fresh-process-draw.ts).
  const bytes = /\p{Extended_Pictographic}/u.test(text)
    ? drawInFreshProcess({ design, output })
    : (await drawTemplate({ design, output, images: new Map() })).bytes;
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

  it.each(SCRIPT_SAMPLES)('draws $script with real glyphs, no .notdef boxes', async ({ text }) => {
    const characters = [...text];
    const [drawn, boxes] = await Promise.all([renderText(text), renderText('\uFFFF'.repeat(characters.length))]);
    expect(drawn.data.equals(boxes.data)).toBe(false);
    // Two different characters must not draw the same shape (boxes would be identical).
    const distinct = [...new Set(characters.filter((character) => /[\p{L}\p{So}]/u.test(character)))];
    const [first, second] = await Promise.all([renderText(distinct[0]), renderText(distinct[1])]);
    expect(first.data.equals(second.data)).toBe(false);
  });

  it('draws Latin, Greek and Cyrillic from Inter', async () => {
    const [latin, missing] = await Promise.all([renderText('Hello Ωλ Привет'), renderText('\uE000'.repeat(14))]);
    expect(latin.data.equals(missing.data)).toBe(false);
  });
});

describe('drawings in one thread', () => {
  it('draws one at a time: two started together each come out as when drawn alone (they share the canvas)', async () => {
    const [alpha, omega] = await Promise.all([renderText('Alpha'), renderText('Omega')]);
    expect(alpha.data.equals((await renderText('Alpha')).data)).toBe(true);
    expect(omega.data.equals((await renderText('Omega')).data)).toBe(true);
  });
});

describe('familyList (fallback fonts only when needed)', () => {
  beforeAll(() => ensureFonts());
  const all = FALLBACK_FAMILIES.map((name) => `"${name}"`).join(', ');

  it('leaves the fallbacks out for text of the family’s own glyphs, and keeps them otherwise', () => {
    expect(familyList('Inter', 'Hello — “world” 2026 …\nÇa va? Việt Ελλάδα Привет')).toBe('"Inter"');
    expect(familyList('Inter', 'Hello 你好')).toBe('"Inter", "Noto Sans SC"');
    expect(familyList('Noto Sans SC', '你好')).toBe('"Noto Sans SC"');
  });

  it('draws Inter’s covered glyphs from Inter itself (same advances with or without the fallbacks)', () => {
    const ctx = createCanvas(10, 10).getContext('2d');
    const covered: string[] = [];
    for (let code = 0x21; code <= 0xffff; code++) {
      const char = String.fromCodePoint(code);
      // Inter alone, and not because no font has it (such characters are drawn as stand-ins).
      const inInter = familyList('Inter', char) === '"Inter"' && BUILTIN_FONT_RESOLVER.missingCodePoints('Inter', char).length === 0;
      if (!/[\s\p{C}\p{M}]/u.test(char) && inInter) covered.push(char);
    }
    expect(covered.length).toBeGreaterThan(900);
    // Measured in one string per weight (each measurement with the fallbacks costs ~0.3 ms): any glyph from another font changes the sum.
    const text = covered.join(' ');
    for (const weight of [100, 400, 700, 900]) {
      ctx.font = `${weight} 40px "Inter"`;
      const alone = ctx.measureText(text).width;
      ctx.font = `${weight} 40px "Inter", ${all}`;
      expect(ctx.measureText(text).width).toBe(alone);
    }
  });
});

describe('host fonts never change a render', () => {
  beforeAll(() => ensureFonts());

  /** One line drawn straight on a canvas with the given font list. */
  function pixels(fontList: string, text: string): Buffer {
    const canvas = createCanvas(700, 80);
    const ctx = canvas.getContext('2d');
    ctx.font = `400 40px ${fontList}`;
    ctx.fillStyle = '#000000';
    ctx.fillText(text, 10, 55);
    return canvas.data();
  }

  it.each(SCRIPT_SAMPLES)('$script draws from the shipped $family, through the fallback list of every family', ({ family, text }) => {
    text = text.replace(/[\s\p{P}]/gu, '');
    // Han ideographs come from Noto Sans SC first (as before the other CJK families shipped), the rest of Traditional Chinese from Noto Sans TC.
    const shipped = pixels(family === 'Noto Sans TC' ? '"Noto Sans SC", "Noto Sans TC"' : `"${family}"`, text);
    // The sample is one script, so whatever the layer's family, its characters come from the one shipped family.
    expect(pixels(familyList('Inter', text), text).equals(shipped)).toBe(true);
  });
});

describe('lang chooses the CJK family of shared ideographs', () => {
  const draw = async (lang: string | undefined) => {
    const design = createTemplateSchema.parse({
      name: 'han',
      width: 300,
      height: 100,
      background: '#ffffff',
      layers: [{ name: 'han', type: 'text', x: 10, y: 10, width: 280, height: 80, text: '直骨', fontSize: 64, color: '#000000', ...(lang ? { lang } : {}) }],
    });
    return Buffer.from((await drawTemplate({ design, output: { width: 300, height: 100, format: 'png', quality: 0 }, images: new Map() })).bytes);
  };
  it('draws 直骨 in Japanese forms for lang ja, Simplified Chinese forms by default, and the two differ', async () => {
    ensureFonts();
    // One after another: a worker thread draws one job at a time on its one canvas.
    const byDefault = await draw(undefined);
    const zhCn = await draw('zh-CN');
    const ja = await draw('ja');
    const zhTw = await draw('zh-TW');
    expect(byDefault.equals(zhCn)).toBe(true);
    expect(ja.equals(zhCn)).toBe(false);
    expect(zhTw.equals(zhCn)).toBe(false);
    expect(zhTw.equals(ja)).toBe(false);
  });
});

describe('glyph_missing', () => {
  it('warns with the layer and code points, and draws the same .notdef boxes on every host', async () => {
    const design = createTemplateSchema.parse({
      name: 'missing',
      width: 400,
      height: 100,
      background: '#000000',
      layers: [{ name: 'linear-b', type: 'text', x: 10, y: 10, width: 380, height: 80, text: 'A\u{10000}\u{10001}', fontSize: 48, color: '#ffffff' }],
    });
    const job = { design, output: { width: 400, height: 100, format: 'png' as const, quality: 0 }, images: new Map() };
    const { bytes, warnings } = await drawTemplate(job);
    expect(warnings).toEqual([{ code: 'glyph_missing', layer: 'linear-b', message: expect.stringContaining('U+10000, U+10001') }]);
    const standIn = createTemplateSchema.parse({ ...design, layers: [{ ...design.layers[0], text: 'A\uFFFF\uFFFF' }] });
    const boxes = await drawTemplate({ ...job, design: standIn });
    expect(Buffer.from(bytes).equals(Buffer.from(boxes.bytes))).toBe(true);
    const [a] = await Promise.all([renderText('A')]);
    const drawn = await sharp(bytes).removeAlpha().raw().toBuffer();
    expect(drawn.equals(a.data)).toBe(false);
  });
});
