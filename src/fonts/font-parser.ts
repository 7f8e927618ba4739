import type * as Fontkit from 'fontkit';
import { packRanges } from './coverage/code-point-ranges';
import type { FontFormat, FontStyle } from './entities/font-face.entity';
import { sfntOf } from './font-private-name';
import { FontsException } from './fonts.exception';
import { cmapCoverage } from './inspect/cmap-coverage';
import { checkGlyphTables, numGlyphsOf } from './inspect/glyph-tables';
import { sampleText } from './inspect/sample-text';
import { sfntTables } from './inspect/sfnt-tables';

export interface ParsedFont {
  /** The family from the name table (typographic family first), or '' when it has none. */
  family: string;
  weight: number;
  style: FontStyle;
  format: FontFormat;
  glyphs: number;
  /** The code points its cmap maps to a glyph, packed (see code-point-ranges.ts). */
  coverage: string;
  /** Up to 64 visible characters it covers, spread over its coverage: what the drawing check draws. */
  sample: string;
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
const SFNT_FLAVORS = new Set(['OTTO', '\u0000\u0001\u0000\u0000', 'true']);

/** How many glyph outlines (spread over the glyph ids) are read to prove the glyph data reads. */
const PROBE_GLYPHS = 2048;

/**
 * Reads an uploaded font and proves what drawing it needs: the file is a font, every table lies inside it and
 * matches its checksum, the cmap reads (as ranges: see cmap-coverage.ts), the glyph index and metrics point
 * inside their tables, and a spread of glyph outlines decodes by glyph id. It deliberately does not lay text
 * out: a JavaScript shaping engine throws on valid OpenType it does not implement (NULL anchors in GPOS mark
 * attachment, as in Noto's Arabic fonts), and a parser's gaps must not refuse a real font (§21).
 *
 * Pure and in-process: uploads run it in a worker thread with time and memory limits (font-inspector.ts).
 */
export async function parseFont(bytes: Buffer): Promise<ParsedFont> {
  const format = SIGNATURES.find(([magic]) => magic === bytes.toString('latin1', 0, 4))?.[1];
  if (!format) throw FontsException.invalid('not a TrueType, OpenType, WOFF or WOFF2 file');
  const sfnt = await sfntOf(bytes).catch(() => {
    throw FontsException.invalid(`its ${format.toUpperCase()} compression is damaged or truncated`);
  });
  if (!SFNT_FLAVORS.has(sfnt.toString('latin1', 0, 4))) throw FontsException.invalid('font collections and other containers are not supported');
  try {
    const tables = sfntTables(sfnt, { verifyChecksums: true });
    const glyphs = numGlyphsOf(tables);
    const cmap = tables.get('cmap');
    if (!cmap) throw FontsException.invalid('no usable cmap (character map)');
    const ranges = cmapCoverage(cmap, glyphs);
    if (ranges.length === 0) throw FontsException.invalid('no usable cmap (character map): it maps no character to a glyph');
    const outlines = checkGlyphTables(tables, glyphs);
    const font = openWithFontkit(sfnt);
    if (outlines) readGlyphs(font, glyphs);
    const os2 = font['OS/2'] as { usWeightClass?: number; fsSelection?: { italic?: boolean } } | undefined;
    const weight = Math.min(1000, Math.max(1, Math.round(os2?.usWeightClass || 400)));
    const italic = Boolean(os2?.fsSelection?.italic) || (font.italicAngle ?? 0) !== 0;
    const family = (font.getName('preferredFamily', 'en') ?? font.familyName ?? '').trim();
    return { family, weight, style: italic ? 'italic' : 'normal', format, glyphs, coverage: packRanges(ranges), sample: sampleText(ranges) };
  } catch (error) {
    if (error instanceof FontsException) throw error;
    throw FontsException.invalid('its tables are damaged or truncated');
  }
}

function openWithFontkit(sfnt: Buffer): Fontkit.Font {
  const opened = loadFontkit().create(sfnt);
  if (!('numGlyphs' in opened)) throw FontsException.invalid('font collections are not supported');
  return opened;
}

/** Decodes the outlines and advances of up to PROBE_GLYPHS glyphs, first and last included, by glyph id. */
function readGlyphs(font: Fontkit.Font, glyphs: number): void {
  const probes = Math.min(glyphs, PROBE_GLYPHS);
  for (let index = 0; index < probes; index++) {
    const id = probes === 1 ? 0 : Math.round((index * (glyphs - 1)) / (probes - 1));
    const glyph = font.getGlyph(id);
    if (!glyph) throw FontsException.invalid(`glyph ${id} cannot be read`);
    void glyph.path.commands.length;
    if (!Number.isFinite(glyph.advanceWidth)) throw FontsException.invalid(`glyph ${id} has no advance width`);
  }
}
