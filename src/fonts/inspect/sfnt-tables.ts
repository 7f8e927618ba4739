import { FontsException } from '../fonts.exception';

/** One table of an sfnt, as a view into the file. */
export type SfntTables = ReadonlyMap<string, Buffer>;

/**
 * The table directory of a TrueType/OpenType file, every entry checked against the file: a table that starts
 * or ends past the end (a truncated copy, a lying length or offset) is refused. With `verifyChecksums`, each
 * table must also match its directory checksum (the format's own integrity check, which every font tool
 * writes): a table whose bytes were zeroed or garbled is refused even where its structure still parses.
 */
export function sfntTables(sfnt: Buffer, { verifyChecksums }: { verifyChecksums: boolean }): SfntTables {
  if (sfnt.length < 12) throw FontsException.invalid('the file is truncated');
  const count = sfnt.readUInt16BE(4);
  if (count === 0 || 12 + count * 16 > sfnt.length) throw FontsException.invalid('its table directory is truncated');
  const tables = new Map<string, Buffer>();
  for (let index = 0; index < count; index++) {
    const at = 12 + index * 16;
    const tag = sfnt.toString('latin1', at, at + 4);
    const offset = sfnt.readUInt32BE(at + 8);
    const length = sfnt.readUInt32BE(at + 12);
    if (offset + length > sfnt.length) throw FontsException.invalid(`the file is truncated or its table directory is damaged (table "${tag.trim()}")`);
    const data = sfnt.subarray(offset, offset + length);
    if (verifyChecksums && !checksumMatches(tag, data, sfnt.readUInt32BE(at + 4))) {
      throw FontsException.invalid(`its tables are damaged (table "${tag.trim()}" does not match its checksum)`);
    }
    tables.set(tag, data);
  }
  return tables;
}

/** Whether `data` sums to `expected`; `head` is summed with its whole-font adjustment taken as zero (as the spec says). */
export function checksumMatches(tag: string, data: Buffer, expected: number): boolean {
  const sum = tableChecksum(data);
  if (sum === expected) return true;
  if (tag !== 'head' || data.length < 12) return false;
  return (sum - data.readUInt32BE(8)) >>> 0 === expected;
}

/** The OpenType table checksum: the big-endian 32-bit words summed, the last one padded with zeros. */
export function tableChecksum(data: Buffer): number {
  let sum = 0;
  const whole = data.length & ~3;
  for (let at = 0; at < whole; at += 4) sum = (sum + data.readUInt32BE(at)) >>> 0;
  if (whole < data.length) {
    let last = 0;
    for (let at = whole; at < whole + 4; at++) last = (last << 8) | (data[at] ?? 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}
