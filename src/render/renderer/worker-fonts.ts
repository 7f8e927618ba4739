import '../../fonts/host-fonts-off';
import { GlobalFonts } from '@napi-rs/canvas';
import { FALLBACK_FAMILIES, fontFiles } from '../../fonts/font-catalog';
import { BUILTIN_FONT_RESOLVER } from '../../fonts/font-resolver';

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

/** The layer's family, followed by the fallbacks only when some character needs them (see FontResolver.fontListFor). */
export function familyList(family: string, text: string): string {
  return BUILTIN_FONT_RESOLVER.fontListFor(family, 400, 'normal', text).families;
}
