/**
 * Hostile fonts built in the test, from a real font with one table replaced: the crafted tables are written here
 * byte by byte (apart from the code under test), and the file around them is well formed (directory and
 * checksums right), so what is refused is refused for the table, not for the wrapper.
 */

export type Group = readonly [start: number, end: number, glyph: number];

/** A cmap with one Unicode subtable (3,10 for formats 12/13, 3,1 for format 4). */
export function cmapTable(subtable: Buffer, platform = 3, encoding = subtable.readUInt16BE(0) === 4 ? 1 : 10): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(1, 2);
  header.writeUInt16BE(platform, 4);
  header.writeUInt16BE(encoding, 6);
  header.writeUInt32BE(12, 8);
  return Buffer.concat([header, subtable]);
}

/** Format 12 (glyph = first glyph + offset in the group) or 13 (one glyph for the whole group); `nGroups` may lie. */
export function groupsSubtable(format: 12 | 13, groups: readonly Group[], lie: { nGroups?: number; length?: number } = {}): Buffer {
  const table = Buffer.alloc(16 + groups.length * 12);
  table.writeUInt16BE(format, 0);
  table.writeUInt32BE(lie.length ?? table.length, 4);
  table.writeUInt32BE(lie.nGroups ?? groups.length, 12);
  groups.forEach(([start, end, glyph], index) => {
    table.writeUInt32BE(start, 16 + index * 12);
    table.writeUInt32BE(end, 20 + index * 12);
    table.writeUInt32BE(glyph, 24 + index * 12);
  });
  return table;
}

/** A format-4 segment: idRangeOffset 0 maps code + delta; otherwise `glyphs` are its glyphIdArray entries. */
export interface Segment {
  start: number;
  end: number;
  delta?: number;
  /** Overrides the computed idRangeOffset (to point it anywhere). */
  rangeOffset?: number;
  glyphs?: number[];
}

/** Format 4 with the closing 0xFFFF segment appended; `segCountX2` may lie. */
export function format4Subtable(segments: readonly Segment[], lie: { segCountX2?: number } = {}): Buffer {
  const all = [...segments, { start: 0xffff, end: 0xffff, delta: 1 }];
  const count = all.length;
  const glyphArray: number[] = [];
  const words = (values: number[]) => {
    const buffer = Buffer.alloc(values.length * 2);
    values.forEach((value, index) => buffer.writeUInt16BE(value & 0xffff, index * 2));
    return buffer;
  };
  const rangeOffsets = all.map((segment, index) => {
    if (segment.rangeOffset !== undefined) return segment.rangeOffset;
    if (!('glyphs' in segment) || !segment.glyphs) return 0;
    // From this segment's idRangeOffset entry to its first glyphIdArray entry.
    const offset = (count - index) * 2 + glyphArray.length * 2;
    glyphArray.push(...segment.glyphs);
    return offset;
  });
  const body = Buffer.concat([
    words(all.map((segment) => segment.end)),
    words([0]),
    words(all.map((segment) => segment.start)),
    words(all.map((segment) => segment.delta ?? 0)),
    words(rangeOffsets),
    words(glyphArray),
  ]);
  const header = Buffer.alloc(14);
  header.writeUInt16BE(4, 0);
  header.writeUInt16BE(Math.min(0xffff, 14 + body.length), 2);
  header.writeUInt16BE(lie.segCountX2 ?? count * 2, 6);
  return Buffer.concat([header, body]);
}

/** The OpenType table checksum (words summed, zero padded). */
export function checksumOf(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let at = 0; at < padded.length; at += 4) sum = (sum + padded.readUInt32BE(at)) >>> 0;
  return sum;
}

/** The tables of an sfnt, by tag, in directory order. */
export function tablesOf(sfnt: Buffer): Array<{ tag: string; data: Buffer }> {
  return Array.from({ length: sfnt.readUInt16BE(4) }, (_, index) => {
    const at = 12 + index * 16;
    const offset = sfnt.readUInt32BE(at + 8);
    return { tag: sfnt.toString('latin1', at, at + 4), data: sfnt.subarray(offset, offset + sfnt.readUInt32BE(at + 12)) };
  });
}

/** The sfnt rebuilt with `tag` holding `data` (added when absent), directory and checksums right. */
export function withTable(sfnt: Buffer, tag: string, data: Buffer): Buffer {
  const tables = tablesOf(sfnt).filter((table) => table.tag !== tag);
  tables.push({ tag, data });
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const header = Buffer.alloc(12 + tables.length * 16);
  header.writeUInt32BE(sfnt.readUInt32BE(0), 0);
  header.writeUInt16BE(tables.length, 4);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, index) => {
    const at = 12 + index * 16;
    header.write(table.tag, at, 'latin1');
    const sum = checksumOf(table.data);
    header.writeUInt32BE(table.tag === 'head' ? (sum - table.data.readUInt32BE(8)) >>> 0 : sum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.concat([table.data, Buffer.alloc((4 - (table.data.length % 4)) % 4)]);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

/** The sfnt with one directory entry's offset or length overwritten (checksums untouched): a directory that lies. */
export function withDirectoryEntry(sfnt: Buffer, tag: string, field: 'offset' | 'length', value: number): Buffer {
  const copy = Buffer.from(sfnt);
  for (let index = 0; index < copy.readUInt16BE(4); index++) {
    const at = 12 + index * 16;
    if (copy.toString('latin1', at, at + 4) === tag) copy.writeUInt32BE(value, at + (field === 'offset' ? 8 : 12));
  }
  return copy;
}

/** The sfnt with the bytes of one table overwritten in place by `fill` (directory and checksums untouched). */
export function withTableBytes(sfnt: Buffer, tag: string, fill: (data: Buffer) => void): Buffer {
  const copy = Buffer.from(sfnt);
  const table = tablesOf(copy).find((entry) => entry.tag === tag);
  if (!table) throw new Error(`no ${tag} table`);
  fill(table.data);
  return copy;
}

/** The font: `count` overlapping groups each naming `size` code points (1,000 × 100,000 = 100 M). */
export function overlappingGroups(count: number, size: number, glyph = 1): Group[] {
  return Array.from({ length: count }, (_, index) => [index * 10, index * 10 + size - 1, glyph] as const);
}

/**
 * A parser pathology: glyph k (1 < k ≤ depth) is a composite of glyph k − 1 twice, so glyph `depth` has
 * 2^depth copies of glyph 1's outline. Every table is well formed; a parser that expands composites without
 * a budget (fontkit does) needs time and memory exponential in `depth`.
 */
export function compositeBomb(sfnt: Buffer, depth = 40): Buffer {
  const tables = new Map(tablesOf(sfnt).map((table) => [table.tag, table.data]));
  const glyphs = tables.get('maxp')!.readUInt16BE(4);
  const long = tables.get('head')!.readInt16BE(50) === 1;
  const triangle = Buffer.alloc(10 + 2 + 2 + 1 * 3 + 3 * 2 + 3 * 2);
  triangle.writeInt16BE(1, 0); // one contour
  triangle.writeUInt16BE(2, 10); // ending at point 2
  triangle.writeUInt16BE(0, 12); // no instructions
  triangle.fill(0x01, 14, 17); // on-curve, 16-bit x and y
  [0, 100, 200, 0, 200, -100].forEach((value, index) => triangle.writeInt16BE(value, 17 + index * 2));
  const composite = (component: number) => {
    const glyph = Buffer.alloc(10 + 2 * 6);
    glyph.writeInt16BE(-1, 0);
    glyph.writeUInt16BE(0x0020 | 0x0002, 10); // more components, args are x/y bytes
    glyph.writeUInt16BE(component, 12);
    glyph.writeUInt16BE(0x0002, 16);
    glyph.writeUInt16BE(component, 18);
    glyph.writeInt8(1, 21);
    return glyph;
  };
  const bodies = Array.from({ length: glyphs }, (_, id) => (id === 1 ? triangle : id > 1 && id <= depth ? composite(id - 1) : Buffer.alloc(0)));
  const padded = bodies.map((body) => Buffer.concat([body, Buffer.alloc(body.length % 4 === 0 ? 0 : 4 - (body.length % 4))]));
  const loca = Buffer.alloc((glyphs + 1) * (long ? 4 : 2));
  let offset = 0;
  padded.forEach((body, id) => {
    if (long) loca.writeUInt32BE(offset, id * 4);
    else loca.writeUInt16BE(offset / 2, id * 2);
    offset += body.length;
  });
  if (long) loca.writeUInt32BE(offset, glyphs * 4);
  else loca.writeUInt16BE(offset / 2, glyphs * 2);
  return withTable(withTable(sfnt, 'glyf', Buffer.concat(padded)), 'loca', loca);
}
