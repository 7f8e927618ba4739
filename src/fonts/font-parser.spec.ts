import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unpackRanges } from './coverage/code-point-ranges';
import { loadFontkit, parseFont } from './font-parser';
import { FontsErrorCode } from './fonts.exception';
import { fontFixtures } from '../../test/support/font-fixtures';
import { cmapTable, groupsSubtable, overlappingGroups, withDirectoryEntry, withTable, withTableBytes } from '../../test/support/crafted-fonts';

const arabicWoff2 = () =>
  readFileSync(join(require.resolve('@fontsource/noto-sans-arabic/package.json'), '..', 'files', 'noto-sans-arabic-arabic-400-normal.woff2'));

const invalid = (message: string) => ({ code: FontsErrorCode.FONT_INVALID, message: expect.stringContaining(message) });

describe('parseFont: what must hold for a font to be kept', () => {
  it.each([
    ['ttf', fontFixtures.ttf, 'Noto Sans', 400, 'normal'],
    ['otf', fontFixtures.otf, 'Noto Sans', 400, 'normal'],
    ['woff', fontFixtures.woff, 'Inter', 700, 'normal'],
    ['woff2', fontFixtures.woff2, 'Inter', 400, 'italic'],
  ] as const)('reads a %s file: family, weight, style, coverage and a visible sample', async (format, bytes, family, weight, style) => {
    const parsed = await parseFont(bytes());
    expect(parsed).toMatchObject({ format, family, weight, style });
    expect(parsed.glyphs).toBeGreaterThan(100);
    const ranges = unpackRanges(parsed.coverage);
    expect(ranges.some(([start, end]) => start <= 0x41 && 0x5a <= end)).toBe(true);
    expect([...parsed.sample].length).toBeGreaterThan(20);
    expect(parsed.sample).toMatch(/^[\p{L}\p{N}\p{P}\p{S}]+$/u);
  });

  it('accepts a font whose GPOS fontkit’s layout engine cannot apply (NULL mark anchors in Noto Sans Arabic)', async () => {
    const bytes = arabicWoff2();
    // The shaping engine the old check used throws on this valid font, laying out the text that check laid out…
    const font = loadFontkit().create(bytes) as import('fontkit').Font;
    const oldSample = String.fromCodePoint(...font.characterSet.filter((codePoint) => codePoint > 0x20).slice(0, 256));
    expect(() => font.layout(oldSample)).toThrow(/xCoordinate/);
    // …which is not a reason to refuse it.
    const parsed = await parseFont(bytes);
    expect(parsed.family).toBe('Noto Sans Arabic');
    expect(parsed.sample).toMatch(/\p{Script=Arabic}/u);
  });

  describe('refuses damaged and truncated copies', () => {
    const ttf = fontFixtures.ttf();
    it.each<[string, () => Buffer, string]>([
      ['cut in half', () => ttf.subarray(0, ttf.length >> 1), 'truncated'],
      ['cut inside its table directory', () => ttf.subarray(0, 40), 'table directory is truncated'],
      ['with its glyf table zeroed', () => withTableBytes(ttf, 'glyf', (data) => data.fill(0)), 'table "glyf" does not match its checksum'],
      ['with its cmap garbled', () => withTableBytes(ttf, 'cmap', (data) => data.forEach((_, at) => (data[at] = (at * 131 + 7) & 0xff))), '"cmap"'],
      ['with one byte of hmtx flipped', () => withTableBytes(ttf, 'hmtx', (data) => (data[10] ^= 0x40)), '"hmtx"'],
      ['with a table offset past the end', () => withDirectoryEntry(ttf, 'GSUB', 'offset', ttf.length - 8), 'truncated or its table directory is damaged'],
      ['with a table length past the end', () => withDirectoryEntry(ttf, 'loca', 'length', 0x7fffffff), 'truncated or its table directory is damaged'],
      ['a WOFF2 cut in half', () => fontFixtures.woff2().subarray(0, fontFixtures.woff2().length >> 1), 'WOFF2 compression is damaged'],
      ['a WOFF with a table garbled', () => garbledWoffTable(fontFixtures.woff()), 'WOFF compression is damaged'],
    ])('%s', async (_name, bytes, message) => {
      await expect(parseFont(bytes())).rejects.toMatchObject(invalid(message));
    });

    it('a loca that points past glyf (checksums made right, so the structure itself is checked)', async () => {
      const loca = Buffer.from(tableOf(ttf, 'loca'));
      const past = tableOf(ttf, 'glyf').length + 64;
      if (tableOf(ttf, 'head').readInt16BE(50) === 1) loca.writeUInt32BE(past, loca.length - 4);
      else loca.writeUInt16BE(past / 2, loca.length - 2);
      await expect(parseFont(withTable(ttf, 'loca', loca))).rejects.toMatchObject(invalid('lies outside the glyph data'));
    });
  });

  describe('crafted character maps (checksums right)', () => {
    const ttf = fontFixtures.ttf();
    it('refuses the issue’s font (1,000 overlapping format-12 groups of 100,000) in well under a second', async () => {
      const crafted = withTable(ttf, 'cmap', cmapTable(groupsSubtable(12, overlappingGroups(1000, 100_000))));
      const started = performance.now();
      await expect(parseFont(crafted)).rejects.toMatchObject(invalid('names more code points'));
      expect(performance.now() - started).toBeLessThan(1000);
    });

    it('accepts overlapping groups within Unicode, with merged coverage', async () => {
      const parsed = await parseFont(withTable(ttf, 'cmap', cmapTable(groupsSubtable(13, overlappingGroups(100, 10_000, 36)))));
      expect(unpackRanges(parsed.coverage)).toEqual([[0, 10_989]]);
    });
  });
});

function tableOf(sfnt: Buffer, tag: string): Buffer {
  for (let index = 0; index < sfnt.readUInt16BE(4); index++) {
    const at = 12 + index * 16;
    if (sfnt.toString('latin1', at, at + 4) === tag) return sfnt.subarray(sfnt.readUInt32BE(at + 8), sfnt.readUInt32BE(at + 8) + sfnt.readUInt32BE(at + 12));
  }
  throw new Error(`no ${tag}`);
}

/** A WOFF whose first table's stored (compressed) bytes are overwritten. */
function garbledWoffTable(woff: Buffer): Buffer {
  const copy = Buffer.from(woff);
  const offset = copy.readUInt32BE(44 + 4);
  const length = copy.readUInt32BE(44 + 8);
  for (let at = offset; at < offset + length; at++) copy[at] = (at * 37) & 0xff;
  return copy;
}
