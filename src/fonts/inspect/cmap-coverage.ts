import { FontsException } from '../fonts.exception';

/** Every code point Unicode has (U+0000–U+10FFFF): no character map can honestly name more. */
export const CODE_POINT_COUNT = 0x110000;
/**
 * More separate ranges than a real font's coverage needs (large CJK and pan-Unicode fonts merge into a few
 * thousand): the packed coverage travels with every render job that uses the face, so it stays small.
 */
export const MAX_COVERAGE_RANGES = 65_536;

/**
 * Unicode subtables, most complete first (the order fontkit and FreeType prefer them in); last, a Windows symbol
 * subtable, whose codes (U+F020–U+F0FF by convention) are what the drawing library maps too.
 */
const UNICODE_SUBTABLES: ReadonlyArray<readonly [number, number]> = [
  [3, 10],
  [0, 6],
  [0, 4],
  [3, 1],
  [0, 3],
  [0, 2],
  [0, 1],
  [0, 0],
  [3, 0],
];

const lie = (what: string) => FontsException.invalid(`its character map (cmap) ${what}`);
const namesTooMany = () => lie(`names more code points than the ${CODE_POINT_COUNT.toLocaleString('en')} that exist`);

/**
 * The code points a font's cmap maps to one of its glyphs, as sorted, disjoint [start, end] ranges, read from
 * the subtable's own segments and groups. Work is bounded by the table's size, never by what its ranges claim:
 * groups are never expanded code point by code point (a crafted format-12 table of overlapping groups once
 * expanded to 100 M entries); a subtable naming more code points than exist, or whose lengths, offsets or
 * ranges point outside the table or Unicode, is refused rather than trusted.
 */
export function cmapCoverage(cmap: Buffer, numGlyphs: number): Array<[number, number]> {
  if (cmap.length < 4) throw lie('is truncated');
  const count = cmap.readUInt16BE(2);
  if (4 + count * 8 > cmap.length) throw lie('lists more subtables than it holds');
  const records = Array.from({ length: count }, (_, index) => {
    const at = 4 + index * 8;
    return { platform: cmap.readUInt16BE(at), encoding: cmap.readUInt16BE(at + 2), offset: cmap.readUInt32BE(at + 4) };
  });
  for (const [platform, encoding] of UNICODE_SUBTABLES) {
    const record = records.find((entry) => entry.platform === platform && entry.encoding === encoding);
    if (!record) continue;
    if (record.offset + 2 > cmap.length) throw lie('points outside itself');
    const reader = READERS[cmap.readUInt16BE(record.offset)];
    if (!reader) continue;
    const ranges = merged(reader(cmap, record.offset, numGlyphs));
    if (ranges.length > MAX_COVERAGE_RANGES) throw lie(`is split into more than ${MAX_COVERAGE_RANGES} separate ranges`);
    return ranges;
  }
  throw FontsException.invalid('no usable cmap (character map) for Unicode');
}

type SubtableReader = (cmap: Buffer, at: number, numGlyphs: number) => Array<[number, number]>;

/** Collects code points in ascending runs, joining a code point to the run it continues. */
class Runs {
  readonly ranges: Array<[number, number]> = [];

  add(start: number, end: number): void {
    const last = this.ranges[this.ranges.length - 1];
    if (last && start === last[1] + 1) last[1] = end;
    else this.ranges.push([start, end]);
  }
}

/** A subtable's declared extent, checked against the table that holds it. */
function extent(cmap: Buffer, at: number, length: number, needed: number): void {
  if (needed > length) throw lie('declares more entries than its length holds');
  if (at + length > cmap.length) throw lie('has a subtable longer than the table');
}

const usable = (glyph: number, numGlyphs: number) => glyph > 0 && glyph < numGlyphs;

/** Format 0: 256 one-byte glyph ids. */
function format0(cmap: Buffer, at: number, numGlyphs: number): Array<[number, number]> {
  extent(cmap, at, 262, 262);
  const runs = new Runs();
  for (let code = 0; code < 256; code++) if (usable(cmap[at + 6 + code], numGlyphs)) runs.add(code, code);
  return runs.ranges;
}

/** Formats 6 and 10: one dense run of 16-bit glyph ids from a first code. */
function trimmed(wide: boolean): SubtableReader {
  return (cmap, at, numGlyphs) => {
    const header = wide ? 20 : 10;
    if (at + header > cmap.length) throw lie('is truncated');
    const length = wide ? cmap.readUInt32BE(at + 4) : cmap.readUInt16BE(at + 2);
    const first = wide ? cmap.readUInt32BE(at + 12) : cmap.readUInt16BE(at + 6);
    const entries = wide ? cmap.readUInt32BE(at + 16) : cmap.readUInt16BE(at + 8);
    extent(cmap, at, length, header + entries * 2);
    if (first + entries > (wide ? CODE_POINT_COUNT : 0x10000)) throw lie('names code points outside Unicode');
    const runs = new Runs();
    for (let index = 0; index < entries; index++) if (usable(cmap.readUInt16BE(at + header + index * 2), numGlyphs)) runs.add(first + index, first + index);
    return runs.ranges;
  };
}

/**
 * Format 4: segments of 16-bit code points. Its 16-bit length field overflows in large real fonts, so the
 * arrays are bounded by the cmap table instead (as FreeType does). Segments may overlap (merged later), but
 * together they may not name more code points than exist, which bounds the per-code-point glyph lookups.
 */
function format4(cmap: Buffer, at: number, numGlyphs: number): Array<[number, number]> {
  if (at + 14 > cmap.length) throw lie('is truncated');
  const segments = cmap.readUInt16BE(at + 6) >> 1;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  if (segments === 0 || rangeOffsets + segments * 2 > cmap.length) throw lie('declares more segments than it holds');
  let named = 0;
  for (let segment = 0; segment < segments; segment++) {
    const start = cmap.readUInt16BE(starts + segment * 2);
    const end = cmap.readUInt16BE(ends + segment * 2);
    if (start > end) throw lie('has a segment that ends before it starts');
    named += end - start + 1;
    if (named > CODE_POINT_COUNT) throw namesTooMany();
  }
  const runs = new Runs();
  for (let segment = 0; segment < segments; segment++) {
    const start = cmap.readUInt16BE(starts + segment * 2);
    const end = cmap.readUInt16BE(ends + segment * 2);
    const delta = cmap.readUInt16BE(deltas + segment * 2);
    const rangeOffsetAt = rangeOffsets + segment * 2;
    const rangeOffset = cmap.readUInt16BE(rangeOffsetAt);
    // The closing 0xFFFF segment maps to nothing (some fonts leave a meaningless offset in it); an offset of
    // 0xFFFF marks a segment with no glyphs in sloppy fonts (FreeType reads both so).
    if (start === 0xffff || rangeOffset === 0xffff) continue;
    if (rangeOffset !== 0 && rangeOffsetAt + rangeOffset + (end - start) * 2 + 2 > cmap.length) throw lie('points past its glyph array');
    for (let code = start; code <= end; code++) {
      let glyph = rangeOffset === 0 ? code + delta : cmap.readUInt16BE(rangeOffsetAt + rangeOffset + (code - start) * 2);
      if (rangeOffset !== 0 && glyph !== 0) glyph += delta;
      if (usable(glyph & 0xffff, numGlyphs)) runs.add(code, code);
    }
  }
  return runs.ranges;
}

/** Formats 12 and 13: groups of 32-bit code points; each group is clipped arithmetically to its usable glyphs. */
function groups(constant: boolean): SubtableReader {
  return (cmap, at, numGlyphs) => {
    if (at + 16 > cmap.length) throw lie('is truncated');
    const length = cmap.readUInt32BE(at + 4);
    const count = cmap.readUInt32BE(at + 12);
    extent(cmap, at, length, 16 + count * 12);
    const ranges: Array<[number, number]> = [];
    let named = 0;
    for (let index = 0; index < count; index++) {
      const group = at + 16 + index * 12;
      const start = cmap.readUInt32BE(group);
      const end = cmap.readUInt32BE(group + 4);
      const glyph = cmap.readUInt32BE(group + 8);
      if (start > end) throw lie('has a group that ends before it starts');
      if (end >= CODE_POINT_COUNT) throw lie('names code points outside Unicode');
      named += end - start + 1;
      if (named > CODE_POINT_COUNT) throw namesTooMany();
      if (constant) {
        if (usable(glyph, numGlyphs)) ranges.push([start, end]);
        continue;
      }
      // Code point start + k maps to glyph + k: keep the k for which that glyph exists (and is not .notdef).
      const first = Math.max(0, 1 - glyph);
      const last = Math.min(end - start, numGlyphs - 1 - glyph);
      if (first <= last) ranges.push([start + first, start + last]);
    }
    return ranges;
  };
}

const READERS: Record<number, SubtableReader | undefined> = {
  0: format0,
  4: format4,
  6: trimmed(false),
  10: trimmed(true),
  12: groups(false),
  13: groups(true),
};

/** Sorted, with overlapping and adjacent ranges joined: the work is O(r log r) in the number of ranges read. */
function merged(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const result: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = result[result.length - 1];
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else result.push([start, end]);
  }
  return result;
}
