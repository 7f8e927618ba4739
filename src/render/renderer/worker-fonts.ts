import { GlobalFonts } from '@napi-rs/canvas';
import { FALLBACK_FAMILIES, FONT_FAMILIES, fontFiles } from '../../fonts/font-catalog';

let fontsChecked = false;

/**
 * The font collection is process-wide (shared by all worker threads): the first thread registers
 * the shipped fonts, later ones find them there. Registering again would duplicate them in memory.
 * Checked once per thread: `GlobalFonts.has` serializes and parses the whole family list on every
 * call, which measured ~9 % of a render's CPU when it ran per drawing.
 */
export function ensureFonts(): void {
  if (fontsChecked) return;
  if (!GlobalFonts.has(FALLBACK_FAMILIES[FALLBACK_FAMILIES.length - 1])) {
    for (const { family, path } of fontFiles()) GlobalFonts.registerFromPath(path, family);
  }
  fontsChecked = true;
}

const OWN_GLYPHS = new Map(FONT_FAMILIES.map((font) => [font.family, font.ownGlyphs]));

/** The layer's family, followed by the fallbacks only when some character may need them. */
export function familyList(family: string, text: string): string {
  const families = OWN_GLYPHS.get(family)?.test(text) ? [family] : [family, ...FALLBACK_FAMILIES];
  return families.map((name) => `"${name}"`).join(', ');
}
