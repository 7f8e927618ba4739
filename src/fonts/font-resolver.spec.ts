import { FALLBACK_FAMILIES } from './font-catalog';
import { FontResolver, formatCodePoints, matchFace, MISSING_GLYPH_STAND_IN, nearestWeight } from './font-resolver';
import { SCRIPT_SAMPLES } from './script-samples';

const ALL = FALLBACK_FAMILIES.map((name) => `"${name}"`).join(', ');

describe('nearestWeight (CSS Fonts 4 font matching)', () => {
  it.each([
    [[400, 700], 400, 400],
    [[400, 700], 500, 400],
    [[300, 700], 450, 300],
    [[300, 480, 700], 450, 480],
    [[400, 700], 600, 700],
    [[400, 700], 900, 700],
    [[400, 700], 100, 400],
    [[100, 900], 300, 100],
    [[100, 300, 900], 800, 900],
    [[300, 600], 500, 300],
  ])('from %j asks %i → %i', (available, wanted, expected) => {
    expect(nearestWeight(available, wanted)).toBe(expected);
  });
});

describe('matchFace', () => {
  const faces = [
    { id: 'regular', weight: 400, style: 'normal' as const },
    { id: 'bold', weight: 700, style: 'normal' as const },
    { id: 'italic', weight: 400, style: 'italic' as const },
  ];

  it('prefers the asked style, then the nearest weight', () => {
    expect(matchFace(faces, 700, 'normal')).toEqual({ face: faces[1], synthesizeOblique: false });
    expect(matchFace(faces, 700, 'italic')).toEqual({ face: faces[2], synthesizeOblique: false });
  });

  it('synthesizes oblique when the family has no italic', () => {
    expect(matchFace(faces.slice(0, 2), 800, 'italic')).toEqual({ face: faces[1], synthesizeOblique: true });
  });

  it('has no match for a family without faces', () => {
    expect(matchFace([], 400, 'normal')).toBeNull();
  });
});

describe('FontResolver', () => {
  const resolver = new FontResolver();

  it('keeps the fast path: text the family covers is measured with the family alone', () => {
    expect(resolver.fontListFor('Inter', 400, 'normal', 'Hello — “world” 2026 …\nÇa va? Việt Ελλάδα Привет').families).toBe('"Inter"');
    expect(resolver.fontListFor('Noto Sans KR', 700, 'normal', '안녕하세요').families).toBe('"Noto Sans KR"');
  });

  it('appends only the shipped fallbacks the text needs, in fallback order (the first family having each character)', () => {
    expect(resolver.fontListFor('Inter', 400, 'normal', 'Hello 你好').families).toBe('"Inter", "Noto Sans SC"');
    expect(resolver.fontListFor('Inter', 400, 'normal', 'Launch 🚀').families).toBe('"Inter", "Noto Color Emoji"');
    expect(resolver.fontListFor('Inter', 400, 'normal', '🚀 こんにちは 你好 مرحبا 안녕').families).toBe(
      '"Inter", "Noto Sans Arabic", "Noto Sans SC", "Noto Sans KR", "Noto Color Emoji"',
    );
    expect(resolver.fontListFor('Noto Sans Hebrew', 400, 'normal', 'שלום 🎉').families).toBe('"Noto Sans Hebrew", "Noto Color Emoji"');
    expect(FALLBACK_FAMILIES[FALLBACK_FAMILIES.length - 1]).toBe('Noto Color Emoji');
    expect(ALL.startsWith('"Inter"')).toBe(true);
  });

  it.each([
    [undefined, '"Inter", "Noto Sans SC"'],
    ['zh-CN', '"Inter", "Noto Sans SC"'],
    ['ja', '"Inter", "Noto Sans JP"'],
    ['ja-JP', '"Inter", "Noto Sans JP"'],
    ['zh-TW', '"Inter", "Noto Sans TC"'],
    ['zh-Hant-HK', '"Inter", "Noto Sans TC"'],
    ['zh-Hans', '"Inter", "Noto Sans SC"'],
    ['ko', '"Inter", "Noto Sans KR"'],
    ['jam', '"Inter", "Noto Sans SC"'],
  ])('takes shared ideographs and kana from the CJK family of lang %s', (lang, families) => {
    expect(resolver.fontListFor('Inter', 400, 'normal', 'Hello 直骨 かな', lang).families).toBe(families);
  });

  it('keeps every other fallback in its place when lang moves a CJK family first', () => {
    expect(resolver.fontListFor('Inter', 400, 'normal', '🚀 こんにちは 你好 مرحبا 안녕', 'ja').families).toBe(
      '"Inter", "Noto Sans Arabic", "Noto Sans JP", "Noto Sans KR", "Noto Color Emoji"',
    );
  });

  it.each(SCRIPT_SAMPLES)('covers $script with shipped fonts, and $family covers it alone', ({ family, text }) => {
    expect(resolver.missingCodePoints('Inter', text)).toEqual([]);
    const ownText = family === 'Noto Color Emoji' ? text : text.replace(/[\s,、，?]/gu, '');
    expect(resolver.fontListFor(family, 400, 'normal', ownText).families).toBe(`"${family}"`);
  });

  it('names the code points no shipped font has, once each, and ignores characters that draw no glyph', () => {
    const text = 'Linear B 𐀀𐀁𐀀 a\u200Db\u200F\uFE0F';
    expect(resolver.missingCodePoints('Inter', text)).toEqual([0x10000, 0x10001]);
    expect(formatCodePoints([0x10000, 0x41])).toBe('U+10000, U+0041');
    expect(resolver.withStandIns(text, [0x10000, 0x10001])).toBe(`Linear B ${MISSING_GLYPH_STAND_IN.repeat(3)} a\u200Db\u200F\uFE0F`);
  });

  it('resolves an account family to the matched face’s registered name, using its own coverage', () => {
    const accountFaces = new Map([
      [
        'Brand Sans',
        [
          { registeredName: 'fnt_regular', weight: 400, style: 'normal' as const, coverage: [[0x10000, 0x1007f]] as const },
          { registeredName: 'fnt_bold', weight: 700, style: 'normal' as const, coverage: [[0x41, 0x5a]] as const },
        ],
      ],
    ]);
    const withAccount = new FontResolver(accountFaces);
    expect(withAccount.fontListFor('Brand Sans', 400, 'normal', '𐀀').families).toBe('"fnt_regular"');
    expect(withAccount.fontListFor('Brand Sans', 700, 'italic', 'AB')).toEqual({ families: '"fnt_bold"', synthesizeOblique: true });
    expect(withAccount.fontListFor('Brand Sans', 700, 'normal', 'Ab').families).toBe('"fnt_bold", "Inter"');
    expect(withAccount.fontListFor('BRAND SANS', 400, 'normal', '𐀀').families).toBe('"fnt_regular"');
    // The account font covers Linear B: nothing is missing for its layers, but Inter layers still lack it.
    expect(withAccount.missingCodePoints('Brand Sans', '𐀀')).toEqual([]);
    expect(withAccount.missingCodePoints('Inter', '𐀀')).toEqual([0x10000]);
  });

  it('never names a registered account face it did not resolve (another account’s face could answer to it)', () => {
    expect(resolver.fontListFor('fnt_someone-else-0123456789abcdef', 400, 'normal', 'Hello').families).toBe('"Inter"');
    // Any other unknown name keeps the shipped fallbacks for every character.
    expect(resolver.fontListFor('Brand Sans', 400, 'normal', 'Hello 你好').families).toBe('"Brand Sans", "Inter", "Noto Sans SC"');
  });
});
