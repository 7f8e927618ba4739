import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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

/** multipart/form-data with the font in `file` and optional text fields. */
export function fontForm(bytes: Buffer, fields: Record<string, string> = {}, fileName = 'font.bin'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([bytes]), fileName);
  return form;
}
