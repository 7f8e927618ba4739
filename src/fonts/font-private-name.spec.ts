import { GlobalFonts } from '@napi-rs/canvas';
import { fontFixtures } from '../../test/support/font-fixtures';
import { loadFontkit } from './font-parser';
import { sfntOf, withPrivateName } from './font-private-name';

const NAME = 'fnt_0123456789abcdef-00ff00ff00ff00ff';

describe('withPrivateName', () => {
  it.each(Object.keys(fontFixtures) as Array<keyof typeof fontFixtures>)('renames a %s font and keeps its glyphs', async (kind) => {
    const original = fontFixtures[kind]();
    const renamed = await withPrivateName(original, NAME);
    const before = loadFontkit().create(original) as import('fontkit').Font;
    const after = loadFontkit().create(renamed) as import('fontkit').Font;
    expect(before.familyName).not.toBe(NAME);
    expect([after.familyName, after.postscriptName, after.fullName]).toEqual([NAME, NAME, NAME]);
    expect([after.getName('preferredFamily', 'en') ?? NAME, after.getName('uniqueSubfamily', 'en') ?? NAME]).toEqual([NAME, NAME]);
    expect(after.subfamilyName).toBe(before.subfamilyName);
    expect(after.numGlyphs).toBe(before.numGlyphs);
    expect(after.characterSet).toEqual(before.characterSet);
    const sample = String.fromCodePoint(...before.characterSet.filter((codePoint) => codePoint > 0x20).slice(0, 40));
    const outlines = (font: import('fontkit').Font) => font.layout(sample).glyphs.map((glyph) => glyph.path.toSVG());
    expect(outlines(after)).toEqual(outlines(before));
  });

  it('leaves Skia nothing to file the face under but the registered name', async () => {
    // The WOFF fixture is Inter itself: registered as it is, it would join the built-in "Inter" family.
    const renamed = await withPrivateName(fontFixtures.woff(), NAME);
    const faceCounts = () => new Map(GlobalFonts.families.map((family) => [family.family, family.styles.length]));
    const before = faceCounts();
    expect(GlobalFonts.register(renamed, NAME)).not.toBeNull();
    const grown = [...faceCounts()].filter(([family, count]) => count !== (before.get(family) ?? 0)).map(([family]) => family);
    expect(grown).toEqual([NAME]);
  });

  it('decodes WOFF and WOFF2 to a plain sfnt, and passes TrueType and OpenType through', async () => {
    for (const kind of ['woff', 'woff2', 'hebrewWoff2'] as const) {
      const sfnt = await sfntOf(fontFixtures[kind]());
      expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    }
    const [ttf, otf] = [fontFixtures.ttf(), fontFixtures.otf()];
    expect(await sfntOf(ttf)).toBe(ttf);
    expect(await sfntOf(otf)).toBe(otf);
  });

  it('rejects a WOFF2 file that does not decode', async () => {
    const damaged = fontFixtures.woff2().subarray(0, 200);
    await expect(withPrivateName(damaged, NAME)).rejects.toThrow();
  });
});
