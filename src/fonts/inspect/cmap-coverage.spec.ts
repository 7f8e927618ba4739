import { CODE_POINT_COUNT, cmapCoverage, MAX_COVERAGE_RANGES } from './cmap-coverage';
import { FontsErrorCode } from '../fonts.exception';
import { cmapTable, format4Subtable, Group, groupsSubtable, overlappingGroups } from '../../../test/support/crafted-fonts';

/** Runs `read` and answers how long it took, so a refusal is also shown to be quick (no expansion). */
function timed<T>(read: () => T): { value?: T; error?: { code?: string; message: string }; ms: number } {
  const started = performance.now();
  try {
    return { value: read(), ms: performance.now() - started };
  } catch (error) {
    return { error: error as { code?: string; message: string }, ms: performance.now() - started };
  }
}

const refused = (outcome: ReturnType<typeof timed>, message: string) => {
  expect(outcome.error).toMatchObject({ code: FontsErrorCode.FONT_INVALID, message: expect.stringContaining(message) });
};

describe('cmapCoverage: ranges read from the cmap, never expanded', () => {
  it.each([12, 13] as const)('refuses the issue’s format-%i table (1,000 overlapping groups of 100,000 code points) at once', (format) => {
    const outcome = timed(() => cmapCoverage(cmapTable(groupsSubtable(format, overlappingGroups(1000, 100_000))), 500));
    refused(outcome, 'names more code points than the 1,114,112 that exist');
    // Expanding the 100 M code points takes seconds; refusing from the ranges takes a few ms (125 ms seen on a loaded machine).
    expect(outcome.ms).toBeLessThan(1000);
  });

  it('merges overlapping groups that stay within Unicode into one range', () => {
    const outcome = timed(() => cmapCoverage(cmapTable(groupsSubtable(13, overlappingGroups(100, 10_000, 5))), 500));
    expect(outcome.value).toEqual([[0, 990 + 9_999]]);
    // Expanding the 100 M code points takes seconds; refusing from the ranges takes a few ms (125 ms seen on a loaded machine).
    expect(outcome.ms).toBeLessThan(1000);
  });

  it('takes a last-resort font that maps every code point (exactly the cap), and refuses one code point more', () => {
    expect(cmapCoverage(cmapTable(groupsSubtable(13, [[0, 0x10ffff, 3]])), 10)).toEqual([[0, 0x10ffff]]);
    const over = timed(() =>
      cmapCoverage(
        cmapTable(
          groupsSubtable(13, [
            [0, 0x10ffff, 3],
            [0x41, 0x41, 4],
          ]),
        ),
        10,
      ),
    );
    refused(over, `more code points than the ${CODE_POINT_COUNT.toLocaleString('en')}`);
  });

  it.each<[string, Buffer, string]>([
    ['a group past U+10FFFF', groupsSubtable(12, [[0x10fff0, 0x110000, 1]]), 'outside Unicode'],
    ['a group that ends before it starts', groupsSubtable(12, [[0x50, 0x40, 1]]), 'ends before it starts'],
    ['nGroups larger than the subtable', groupsSubtable(12, [[0x41, 0x5a, 1]], { nGroups: 1_000_000_000 }), 'declares more entries'],
    ['a length past the table', groupsSubtable(12, [[0x41, 0x5a, 1]], { length: 0x7fffffff }), 'longer than the table'],
    [
      'huge overlapping format-4 segments (32,000 × U+0000–U+FFFE)',
      format4Subtable(Array.from({ length: 32_000 }, () => ({ start: 0, end: 0xfffe, delta: 1 }))),
      'names more code points',
    ],
    ['a format-4 idRangeOffset past the table', format4Subtable([{ start: 0x20, end: 0xfffe, rangeOffset: 0x8000 }]), 'points past its glyph array'],
    [
      'a format-4 segment count larger than the table',
      format4Subtable([{ start: 0x41, end: 0x5a, delta: 1 }], { segCountX2: 0xfffe }),
      'declares more segments',
    ],
    ['a format-4 segment that ends before it starts', format4Subtable([{ start: 0x5a, end: 0x41, delta: 1 }]), 'ends before it starts'],
  ])('refuses %s, quickly', (_name, subtable, message) => {
    const outcome = timed(() => cmapCoverage(cmapTable(subtable), 1000));
    refused(outcome, message);
    expect(outcome.ms).toBeLessThan(200);
  });

  it.each<[string, Buffer, string]>([
    ['a subtable count past the table', Buffer.from([0, 0, 0x7f, 0xff, 0, 3, 0, 1]), 'lists more subtables'],
    ['a subtable offset past the table', Buffer.from([0, 0, 0, 1, 0, 3, 0, 1, 0x7f, 0, 0, 0]), 'points outside itself'],
    ['no Unicode or symbol subtable', cmapTable(groupsSubtable(12, [[0x41, 0x5a, 1]]), 1, 0), 'no usable cmap'],
  ])('refuses a cmap header with %s', (_name, table, message) => {
    refused(
      timed(() => cmapCoverage(table, 100)),
      message,
    );
  });

  it('reads a Windows symbol subtable (3,0) when there is no Unicode one, with its codes as written', () => {
    expect(cmapCoverage(cmapTable(format4Subtable([{ start: 0xf020, end: 0xf0ff, delta: 3 - 0xf020 }]), 3, 0), 300)).toEqual([[0xf020, 0xf0ff]]);
  });

  it('keeps only code points whose glyph exists and is not .notdef (format 12 clipped arithmetically)', () => {
    const groups: Group[] = [
      [0x20, 0x22, 0], // .notdef for U+0020, then glyphs 1 and 2
      [0x41, 0x5a, 90], // glyphs 90–115 of 100: U+0041–U+004A
      [0x100000, 0x10ffff, 200], // no such glyphs
    ];
    expect(cmapCoverage(cmapTable(groupsSubtable(12, groups)), 100)).toEqual([
      [0x21, 0x22],
      [0x41, 0x4a],
    ]);
  });

  it('reads format 4: a huge delta segment, a glyph array with holes, and merges what touches', () => {
    const huge = cmapCoverage(cmapTable(format4Subtable([{ start: 0, end: 0xfffe, delta: 1 }])), 0xffff);
    // U+0000 + 1 … : glyph 0xFFFF (code 0xFFFE) does not exist in a font of 0xFFFF glyphs.
    expect(huge).toEqual([[0, 0xfffd]]);
    const holes = cmapCoverage(
      cmapTable(
        format4Subtable([
          { start: 0x30, end: 0x33, glyphs: [5, 0, 7, 8] },
          { start: 0x34, end: 0x35, delta: 10 },
        ]),
      ),
      100,
    );
    expect(holes).toEqual([
      [0x30, 0x30],
      [0x32, 0x35],
    ]);
  });

  it(`refuses a cmap split into more than ${MAX_COVERAGE_RANGES} separate ranges (the packed coverage travels with every job)`, () => {
    const everyOther = Array.from({ length: MAX_COVERAGE_RANGES + 1 }, (_, index) => [index * 2, index * 2, 1] as const);
    const outcome = timed(() => cmapCoverage(cmapTable(groupsSubtable(13, everyOther)), 10));
    refused(outcome, 'separate ranges');
    expect(outcome.ms).toBeLessThan(1000);
  });
});
