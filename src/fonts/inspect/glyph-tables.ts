import { FontsException } from '../fonts.exception';
import type { SfntTables } from './sfnt-tables';

/** Some tools count glyf's 4-byte padding in loca but not in the directory: a few bytes past are not a lie. */
const GLYF_PADDING = 3;

const damaged = (what: string) => FontsException.invalid(`its tables are damaged (${what})`);

/** maxp's glyph count: the bound every glyph id in the other tables is checked against. */
export function numGlyphsOf(tables: SfntTables): number {
  const maxp = tables.get('maxp');
  if (!maxp || maxp.length < 6) throw FontsException.invalid('no glyph count (maxp table)');
  const glyphs = maxp.readUInt16BE(4);
  if (glyphs === 0) throw FontsException.invalid('no glyphs');
  return glyphs;
}

/**
 * The tables drawing reads for every glyph, checked against each other without trusting any one of them:
 * horizontal metrics cover the glyphs they claim, and (TrueType) every glyph's loca offset lies inside glyf.
 * Answers whether the font has outlines (glyf or CFF) for the parser to decode; bitmap-only fonts (CBDT,
 * sbix) are drawn from their bitmaps.
 */
export function checkGlyphTables(tables: SfntTables, glyphs: number): boolean {
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  const hmtx = tables.get('hmtx');
  if (!head || head.length < 54) throw damaged('no valid head table');
  if (!hhea || hhea.length < 36) throw damaged('no valid hhea table');
  const metrics = hhea.readUInt16BE(34);
  if (metrics === 0 || !hmtx || hmtx.length < Math.min(metrics, glyphs) * 4) throw damaged('the horizontal metrics are missing or short');

  const glyf = tables.get('glyf');
  if (glyf) {
    const loca = tables.get('loca');
    const long = head.readInt16BE(50) === 1;
    const entry = long ? 4 : 2;
    if (!loca || loca.length < (glyphs + 1) * entry) throw damaged('the glyph index (loca) is missing or short');
    for (let index = 0; index <= glyphs; index++) {
      const offset = long ? loca.readUInt32BE(index * 4) : loca.readUInt16BE(index * 2) * 2;
      if (offset > glyf.length + GLYF_PADDING) throw damaged(`glyph ${Math.min(index, glyphs - 1)} lies outside the glyph data`);
    }
    return true;
  }
  if (tables.has('CFF ') || tables.has('CFF2')) return true;
  if ((tables.has('CBDT') && tables.has('CBLC')) || tables.has('sbix')) return false;
  throw FontsException.invalid('no glyph outlines or bitmaps (glyf, CFF, CBDT or sbix table)');
}
