import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface FontFamily {
  family: string;
  weights: number[];
  /** What a layer may name; fallback-only families are drawn but not selectable. */
  selectable: boolean;
  covers: string;
  /**
   * Text made only of these characters is drawn from this family alone. With the fallback families in
   * the font list, every measureText/fillText matches across Noto Sans SC's 204 subset files (~300 µs
   * a call, against ~20 µs), and fitting a title takes a dozen measurements.
   */
  ownGlyphs?: RegExp;
}

/** Families that ship with Pictor (from npm), so every machine draws the same pixels. */
export const FONT_FAMILIES: readonly FontFamily[] = [
  {
    family: 'Inter',
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    selectable: true,
    covers: 'Latin, Latin Extended, Greek, Cyrillic, Vietnamese',
    // Latin (with Latin-1, Extended-A/B and Vietnamese), basic Greek and Cyrillic letters, and common
    // punctuation; draw-template.spec.ts checks each against the full fallback list.
    ownGlyphs: /^[\s\u0020-\u007E\u00A0-\u024F\u1E00-\u1EFF\u0391-\u03A1\u03A3-\u03C9\u0400-\u045F\u2010-\u2027\u2030-\u203A\u20AC\u2122]*$/,
  },
  { family: 'Noto Sans SC', weights: [400, 700], selectable: true, covers: 'Chinese (Simplified and Traditional), Japanese kana, CJK punctuation' },
  { family: 'Noto Color Emoji', weights: [400], selectable: false, covers: 'Colour emoji' },
];

export const DEFAULT_FONT_FAMILY = 'Inter';
export const SELECTABLE_FAMILIES = FONT_FAMILIES.filter((font) => font.selectable).map((font) => font.family);
/** Appended to every text layer's font so CJK and emoji fall back to real glyphs, not boxes. */
export const FALLBACK_FAMILIES = ['Noto Sans SC', 'Noto Color Emoji'];

const INTER_FILES: Record<number, string> = {
  100: 'Thin',
  200: 'ExtraLight',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'SemiBold',
  700: 'Bold',
  800: 'ExtraBold',
  900: 'Black',
};

const packageDir = (name: string): string => dirname(require.resolve(`${name}/package.json`));

/** Every font file to register, with its family name. */
export function fontFiles(): Array<{ family: string; path: string }> {
  const files: Array<{ family: string; path: string }> = [];
  const inter = join(packageDir('inter-ui'), 'web');
  for (const name of Object.values(INTER_FILES)) files.push({ family: 'Inter', path: join(inter, `Inter-${name}.woff2`) });
  // Fontsource splits these families into unicode-range subsets; registering them all under one name covers the whole range.
  const subsets = (pkg: string, weights: number[]) => {
    const dir = join(packageDir(pkg), 'files');
    const pattern = new RegExp(`-(${weights.join('|')})-normal\\.woff2$`);
    return readdirSync(dir)
      .filter((file) => pattern.test(file))
      .map((file) => join(dir, file));
  };
  for (const path of subsets('@fontsource/noto-sans-sc', [400, 700])) files.push({ family: 'Noto Sans SC', path });
  for (const path of subsets('@fontsource/noto-color-emoji', [400])) files.push({ family: 'Noto Color Emoji', path });
  return files;
}
