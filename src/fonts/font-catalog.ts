import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_FONT_FAMILY } from '../design/font-family';

export interface FontFamily {
  family: string;
  weights: number[];
  /** What a layer may name; fallback-only families are drawn but not selectable. */
  selectable: boolean;
  covers: string;
  /** The npm package that ships the files. */
  source: string;
  /**
   * Registered in a process only when a drawing may use it (named, or the only cover of a character): the CJK
   * families are ~900 subset files, 29 MB resident and ~0.7 s of a render thread's start.
   */
  loadOnFirstUse?: true;
}

/**
 * Families that ship with Pictor (from npm), so every machine draws the same pixels. The script
 * families ship regular and bold only: CSS font matching draws other weights with the nearer one.
 */
export const FONT_FAMILIES: readonly FontFamily[] = [
  {
    family: 'Inter',
    weights: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    selectable: true,
    source: 'inter-ui',
    covers: 'Latin, Latin Extended, Greek, Cyrillic, Vietnamese',
  },
  {
    family: 'Noto Sans SC',
    weights: [400, 700],
    selectable: true,
    source: '@fontsource/noto-sans-sc',
    covers: 'Chinese (Simplified), CJK punctuation',
    loadOnFirstUse: true,
  },
  { family: 'Noto Sans TC', weights: [400, 700], selectable: true, source: '@fontsource/noto-sans-tc', covers: 'Chinese (Traditional)', loadOnFirstUse: true },
  {
    family: 'Noto Sans JP',
    weights: [400, 700],
    selectable: true,
    source: '@fontsource/noto-sans-jp',
    covers: 'Japanese (kana and kanji)',
    loadOnFirstUse: true,
  },
  { family: 'Noto Sans KR', weights: [400, 700], selectable: true, source: '@fontsource/noto-sans-kr', covers: 'Korean Hangul', loadOnFirstUse: true },
  { family: 'Noto Sans Arabic', weights: [400, 700], selectable: true, source: '@fontsource/noto-sans-arabic', covers: 'Arabic, Persian, Urdu' },
  { family: 'Noto Sans Hebrew', weights: [400, 700], selectable: true, source: '@fontsource/noto-sans-hebrew', covers: 'Hebrew' },
  {
    family: 'Noto Sans Devanagari',
    weights: [400, 700],
    selectable: true,
    source: '@fontsource/noto-sans-devanagari',
    covers: 'Devanagari (Hindi, Marathi, Nepali)',
  },
  { family: 'Noto Sans Bengali', weights: [400, 700], selectable: true, source: '@fontsource/noto-sans-bengali', covers: 'Bengali' },
  { family: 'Noto Sans Tamil', weights: [400, 700], selectable: true, source: '@fontsource/noto-sans-tamil', covers: 'Tamil' },
  { family: 'Noto Sans Thai', weights: [400, 700], selectable: true, source: '@fontsource/noto-sans-thai', covers: 'Thai' },
  { family: 'Noto Color Emoji', weights: [400], selectable: false, source: '@fontsource/noto-color-emoji', covers: 'Colour emoji' },
];

export { DEFAULT_FONT_FAMILY };
export const SELECTABLE_FAMILIES = FONT_FAMILIES.filter((font) => font.selectable).map((font) => font.family);

/**
 * Appended to a text layer's font whenever its family lacks a character. The list covers every script
 * Pictor claims, so Skia never reaches its own fallback (fonts under the host's /usr/share/fonts).
 * Han ideographs come from Noto Sans SC first, as before the other CJK families shipped.
 */
export const FALLBACK_FAMILIES = [
  'Inter',
  'Noto Sans Arabic',
  'Noto Sans Hebrew',
  'Noto Sans Devanagari',
  'Noto Sans Bengali',
  'Noto Sans Tamil',
  'Noto Sans Thai',
  'Noto Sans SC',
  'Noto Sans JP',
  'Noto Sans KR',
  'Noto Sans TC',
  'Noto Color Emoji',
];

/** The Han family a language's readers expect first (glyph forms differ: 直 and 骨 are drawn differently in each). */
const HAN_FAMILY_BY_LANGUAGE: ReadonlyArray<[RegExp, string]> = [
  [/^ja(-|$)/i, 'Noto Sans JP'],
  [/^ko(-|$)/i, 'Noto Sans KR'],
  [/^zh-(?:hant|tw|hk|mo)(-|$)|^zh-\w+-(?:tw|hk|mo)(-|$)/i, 'Noto Sans TC'],
];
const HAN_FAMILIES = new Set(['Noto Sans SC', 'Noto Sans JP', 'Noto Sans KR', 'Noto Sans TC']);

/**
 * FALLBACK_FAMILIES for a text layer's `lang` (BCP 47): Japanese, Korean and Traditional Chinese move
 * their own CJK family ahead of Noto Sans SC, so shared ideographs (and kana) take that language's forms.
 */
export function fallbackFamiliesFor(lang: string | undefined): readonly string[] {
  const preferred = lang ? HAN_FAMILY_BY_LANGUAGE.find(([pattern]) => pattern.test(lang))?.[1] : undefined;
  return (preferred ? FALLBACK_ORDER_BY_HAN_FAMILY.get(preferred) : undefined) ?? FALLBACK_FAMILIES;
}

/** Built once: the resolver asks for an order for every text style of every render. */
const FALLBACK_ORDER_BY_HAN_FAMILY = new Map(
  HAN_FAMILY_BY_LANGUAGE.map(([, preferred]) => {
    const firstHan = FALLBACK_FAMILIES.findIndex((family) => HAN_FAMILIES.has(family));
    const others = FALLBACK_FAMILIES.filter((family) => family !== preferred);
    return [preferred, [...others.slice(0, firstHan), preferred, ...others.slice(firstHan)]];
  }),
);

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

/** Families registered when a render thread starts; the others on first use. */
export const EAGER_FAMILIES = FONT_FAMILIES.filter((font) => !font.loadOnFirstUse).map((font) => font.family);
export const ON_FIRST_USE_FAMILIES = FONT_FAMILIES.filter((font) => font.loadOnFirstUse).map((font) => font.family);

/** Every font file to register (of `families`, default all), with its family name, in FONT_FAMILIES order. */
export function fontFiles(families: readonly string[] = FONT_FAMILIES.map((font) => font.family)): Array<{ family: string; path: string }> {
  const files: Array<{ family: string; path: string }> = [];
  const inter = join(packageDir('inter-ui'), 'web');
  if (families.includes('Inter')) for (const name of Object.values(INTER_FILES)) files.push({ family: 'Inter', path: join(inter, `Inter-${name}.woff2`) });
  // Fontsource splits these families into unicode-range subsets; registering them all under one name covers the whole range.
  for (const font of FONT_FAMILIES) {
    if (font.family === 'Inter' || !families.includes(font.family)) continue;
    const dir = join(packageDir(font.source), 'files');
    const pattern = new RegExp(`-(${font.weights.join('|')})-normal\\.woff2$`);
    for (const file of readdirSync(dir)) if (pattern.test(file)) files.push({ family: font.family, path: join(dir, file) });
  }
  return files;
}
