import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checksumOf } from './crafted-fonts';

const packageDir = (name: string): string => dirname(require.resolve(`${name}/package.json`));
// Real font files from installed packages (OFL): TrueType and CFF OpenType from harfbuzzjs's test
// fonts (a dependency of satori, used by the bench), WOFF and WOFF2 from Fontsource.
const harfbuzzFonts = join(packageDir('harfbuzzjs'), 'test', 'fonts', 'noto');

export const fontFixtures = {
  ttf: () => readFileSync(join(harfbuzzFonts, 'NotoSans-Regular.ttf')),
  otf: () => readFileSync(join(harfbuzzFonts, 'NotoSans-Regular.otf')),
  woff: () => readFileSync(join(packageDir('@fontsource/inter'), 'files', 'inter-latin-700-normal.woff')),
  woff2: () => readFileSync(join(packageDir('@fontsource/inter'), 'files', 'inter-latin-400-italic.woff2')),
  hebrewWoff2: () => readFileSync(join(packageDir('@fontsource/noto-sans-hebrew'), 'files', 'noto-sans-hebrew-hebrew-400-normal.woff2')),
};

/** The same sfnt (TrueType/OpenType) with its cmap table's tag renamed: no character map. */
export function withoutCmap(sfnt: Buffer): Buffer {
  const copy = Buffer.from(sfnt);
  const tables = copy.readUInt16BE(4);
  for (let index = 0; index < tables; index++) {
    const offset = 12 + index * 16;
    if (copy.toString('latin1', offset, offset + 4) === 'cmap') copy.write('xmap', offset, 'latin1');
  }
  return copy;
}

/**
 * The same sfnt with its family-name records (name ids 1, 4, 16) saying `family`: a new name table is appended and
 * the directory pointed at it. How a hostile upload claims a built-in family's name (written apart from the code
 * under test on purpose).
 */
export function withFamilyName(sfnt: Buffer, family: string): Buffer {
  const tables = sfnt.readUInt16BE(4);
  let entry = -1;
  for (let index = 0; index < tables; index++) if (sfnt.toString('latin1', 12 + index * 16, 16 + index * 16) === 'name') entry = 12 + index * 16;
  if (entry < 0) throw new Error('no name table');
  const offset = sfnt.readUInt32BE(entry + 8);
  const count = sfnt.readUInt16BE(offset + 2);
  const storage = offset + sfnt.readUInt16BE(offset + 4);
  const records: Array<{ platform: number; encoding: number; language: number; nameId: number; bytes: Buffer }> = [];
  for (let index = 0; index < count; index++) {
    const record = offset + 6 + index * 12;
    const [platform, encoding, language, nameId, length, start] = [0, 2, 4, 6, 8, 10].map((field) => sfnt.readUInt16BE(record + field));
    let bytes = sfnt.subarray(storage + start, storage + start + length);
    if ([1, 4, 16].includes(nameId)) bytes = platform === 1 ? Buffer.from(family, 'latin1') : Buffer.from(family, 'utf16le').swap16();
    records.push({ platform, encoding, language, nameId, bytes });
  }
  const header = Buffer.alloc(6 + records.length * 12);
  header.writeUInt16BE(records.length, 2);
  header.writeUInt16BE(header.length, 4);
  let cursor = 0;
  records.forEach((record, index) => {
    const at = 6 + index * 12;
    [record.platform, record.encoding, record.language, record.nameId, record.bytes.length, cursor].forEach((value, field) =>
      header.writeUInt16BE(value, at + field * 2),
    );
    cursor += record.bytes.length;
  });
  const table = Buffer.concat([header, ...records.map((record) => record.bytes)]);
  const padded = Buffer.concat([sfnt, Buffer.alloc((4 - (sfnt.length % 4)) % 4)]);
  const result = Buffer.concat([padded, table, Buffer.alloc((4 - (table.length % 4)) % 4)]);
  result.writeUInt32BE(padded.length, entry + 8);
  result.writeUInt32BE(table.length, entry + 12);
  // A hostile file is well formed where that is free: its checksum matches, so it is refused (or not) for its name.
  result.writeUInt32BE(checksumOf(table), entry + 4);
  return result;
}

/** multipart/form-data with the font in `file` and optional text fields. */
export function fontForm(bytes: Buffer, fields: Record<string, string> = {}, fileName = 'font.bin'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([bytes]), fileName);
  return form;
}
