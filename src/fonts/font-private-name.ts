import { inflateSync } from 'node:zlib';
import { checksumMatches, tableChecksum } from './inspect/sfnt-tables';

/**
 * The largest sfnt a WOFF may unpack to: a 10 MiB upload cannot be a real font of more (WOFF2's decoder has its
 * own 30 MiB cap). A deflate stream expands up to ~1000×, so the declared lengths are never trusted.
 */
const MAX_SFNT_BYTES = 64 * 1024 * 1024;

/**
 * Skia files a registered typeface under the alias it is given *and* under the family named in the
 * font's own name table, process-wide. An account's upload whose name table says "Inter" (a subset of
 * Inter, a brand font built from it, or a hostile file) would join the built-in Inter family and draw
 * in every other account's renders. So what the workers register is a copy whose every name record
 * that Skia or FreeType may match on says the registered name, which only the owner's plan produces.
 */
const NAME_IDS_TO_REPLACE = new Set([
  1, // family
  3, // unique identifier
  4, // full name
  6, // PostScript name
  16, // typographic family
  18, // compatible full name (Macintosh)
  21, // WWS family
]);

/** The font as a plain sfnt, with every family-like name replaced by `name` (ASCII, as registered names are). */
export async function withPrivateName(bytes: Buffer, name: string): Promise<Buffer> {
  return renamed(await sfntOf(bytes), name);
}

/** TrueType/OpenType as they are; WOFF inflated table by table; WOFF2 through Google's decoder. */
export async function sfntOf(bytes: Buffer): Promise<Buffer> {
  const signature = bytes.toString('latin1', 0, 4);
  if (signature === 'wOFF') return woffToSfnt(bytes);
  if (signature === 'wOF2') {
    // Loaded on first use: the WebAssembly module costs start-up time that most processes never need.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const decompress = require('wawoff2/decompress') as typeof import('wawoff2/decompress');
    const sfnt = await decompress(bytes);
    return Buffer.from(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  }
  return bytes;
}

interface TableEntry {
  tag: string;
  data: Buffer;
}

function woffToSfnt(woff: Buffer): Buffer {
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  if (44 + count * 20 > woff.length) throw new Error('WOFF table directory is truncated');
  const tables: TableEntry[] = [];
  let unpacked = 0;
  for (let index = 0; index < count; index++) {
    const at = 44 + index * 20;
    const tag = woff.toString('latin1', at, at + 4);
    const offset = woff.readUInt32BE(at + 4);
    const compressedLength = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    unpacked += length;
    if (unpacked > MAX_SFNT_BYTES) throw new Error(`WOFF tables unpack to more than ${MAX_SFNT_BYTES} bytes`);
    if (offset + compressedLength > woff.length) throw new Error(`WOFF table ${tag} is truncated`);
    const stored = woff.subarray(offset, offset + compressedLength);
    const data = compressedLength < length ? inflateSync(stored, { maxOutputLength: length }) : stored;
    if (data.length !== length) throw new Error(`WOFF table ${tag} has the wrong length`);
    if (!checksumMatches(tag, data, woff.readUInt32BE(at + 16))) throw new Error(`WOFF table ${tag} does not match its checksum`);
    tables.push({ tag, data });
  }
  return buildSfnt(flavor, tables);
}

function tablesOf(sfnt: Buffer): TableEntry[] {
  const count = sfnt.readUInt16BE(4);
  const tables: TableEntry[] = [];
  for (let index = 0; index < count; index++) {
    const at = 12 + index * 16;
    const offset = sfnt.readUInt32BE(at + 8);
    tables.push({ tag: sfnt.toString('latin1', at, at + 4), data: sfnt.subarray(offset, offset + sfnt.readUInt32BE(at + 12)) });
  }
  return tables;
}

function renamed(sfnt: Buffer, name: string): Buffer {
  const tables = tablesOf(sfnt);
  const nameTable = tables.find((table) => table.tag === 'name');
  // No name table: Skia has no family of the font's own to file it under, only the alias.
  if (!nameTable) return sfnt;
  nameTable.data = renamedNameTable(nameTable.data, name);
  return buildSfnt(sfnt.readUInt32BE(0), tables);
}

/** A format-0 name table with the same records, those in NAME_IDS_TO_REPLACE holding `name`. */
function renamedNameTable(table: Buffer, name: string): Buffer {
  const count = table.readUInt16BE(2);
  const storage = table.readUInt16BE(4);
  const records: Array<{ fields: number[]; value: Buffer }> = [];
  for (let index = 0; index < count; index++) {
    const at = 6 + index * 12;
    const [platform, encoding, language, nameId, length, offset] = [0, 2, 4, 6, 8, 10].map((field) => table.readUInt16BE(at + field));
    let value = table.subarray(storage + offset, storage + offset + length);
    if (NAME_IDS_TO_REPLACE.has(nameId)) value = platform === 0 || platform === 3 ? Buffer.from(name, 'utf16le').swap16() : Buffer.from(name, 'latin1');
    records.push({ fields: [platform, encoding, language, nameId], value });
  }
  const header = Buffer.alloc(6 + records.length * 12);
  header.writeUInt16BE(records.length, 2);
  header.writeUInt16BE(header.length, 4);
  let cursor = 0;
  records.forEach((record, index) => {
    const at = 6 + index * 12;
    [...record.fields, record.value.length, cursor].forEach((value, field) => header.writeUInt16BE(value, at + field * 2));
    cursor += record.value.length;
  });
  return Buffer.concat([header, ...records.map((record) => record.value)]);
}

/** An sfnt from its tables: directory sorted by tag, each table 4-byte aligned, checksums computed. */
function buildSfnt(flavor: number, tables: TableEntry[]): Buffer {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const count = sorted.length;
  const searchRange = 2 ** Math.floor(Math.log2(count)) * 16;
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(Math.floor(Math.log2(count)), 8);
  header.writeUInt16BE(count * 16 - searchRange, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  sorted.forEach((table, index) => {
    const at = 12 + index * 16;
    header.write(table.tag, at, 'latin1');
    header.writeUInt32BE(tableChecksum(table.data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.concat([table.data, Buffer.alloc((4 - (table.data.length % 4)) % 4)]);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}
