import { Injectable } from '@nestjs/common';
import type * as Fontkit from 'fontkit';
import type { FontFormat, FontStyle } from './entities/font-face.entity';
import { FontsException } from './fonts.exception';

export interface ParsedFont {
  /** The family from the name table (typographic family first), or '' when it has none. */
  family: string;
  weight: number;
  style: FontStyle;
  format: FontFormat;
  glyphs: number;
  codePoints: number[];
}

/** Loaded on first use: importing fontkit costs ~0.3–0.7 s, which every process (and CLI command) would pay at start. */
let fontkitModule: typeof Fontkit | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily and synchronously (an import() would make every caller async)
export const loadFontkit = (): typeof Fontkit => (fontkitModule ??= require('fontkit') as typeof Fontkit);

const SIGNATURES: Array<[string, FontFormat]> = [
  ['wOF2', 'woff2'],
  ['wOFF', 'woff'],
  ['OTTO', 'otf'],
  ['\u0000\u0001\u0000\u0000', 'ttf'],
  ['true', 'ttf'],
];

/** How many covered characters are laid out and drawn as outlines to prove the glyph data reads to the end. */
const PROBE_CHARACTERS = 256;

/**
 * Reads an uploaded font with fontkit (a JavaScript parser: a malformed file throws here rather than
 * in native code). Beyond the header and cmap, it lays out a sample of the covered characters and
 * reads their outlines, so a truncated glyf/CFF table is refused too.
 */
@Injectable()
export class FontParser {
  parse(bytes: Buffer): ParsedFont {
    const signature = bytes.subarray(0, 4).toString('latin1');
    const format = SIGNATURES.find(([magic]) => magic === signature)?.[1];
    if (!format) throw FontsException.invalid('not a TrueType, OpenType, WOFF or WOFF2 file');
    let font: Fontkit.Font;
    try {
      const opened = loadFontkit().create(bytes);
      if (!('characterSet' in opened)) throw FontsException.invalid('font collections are not supported');
      font = opened;
    } catch (error) {
      if (error instanceof FontsException) throw error;
      throw FontsException.invalid('the file could not be parsed');
    }
    try {
      const codePoints = font.characterSet;
      if (!codePoints || codePoints.length === 0) throw FontsException.invalid('no usable cmap (character map)');
      const glyphs = font.numGlyphs;
      if (!(glyphs > 0)) throw FontsException.invalid('no glyphs');
      const sample = codePoints.filter((codePoint) => codePoint > 0x20).slice(0, PROBE_CHARACTERS);
      const run = font.layout(String.fromCodePoint(...sample));
      for (const glyph of run.glyphs) {
        if (glyph.id >= glyphs) throw FontsException.invalid('glyph ids outside the font');
        void glyph.path.commands.length;
        void glyph.advanceWidth;
      }
      const os2 = font['OS/2'] as { usWeightClass?: number; fsSelection?: { italic?: boolean } } | undefined;
      const weight = Math.min(1000, Math.max(1, Math.round(os2?.usWeightClass || 400)));
      const italic = Boolean(os2?.fsSelection?.italic) || (font.italicAngle ?? 0) !== 0;
      const family = (font.getName('preferredFamily', 'en') ?? font.familyName ?? '').trim();
      return { family, weight, style: italic ? 'italic' : 'normal', format, glyphs, codePoints };
    } catch (error) {
      if (error instanceof FontsException) throw error;
      throw FontsException.invalid('its tables are damaged or truncated');
    }
  }
}
