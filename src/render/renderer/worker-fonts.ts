import '../../fonts/host-fonts-off';
import { GlobalFonts } from '@napi-rs/canvas';
import type { LayerDefinition } from '../../design/layer-registry';
import { EAGER_FAMILIES, fontFiles, ON_FIRST_USE_FAMILIES } from '../../fonts/font-catalog';
import type { AccountFontFace, JobFontFaces } from '../../fonts/account-fonts';
import { CodePointRanges, rangesInclude, unpackRanges } from '../../fonts/coverage/code-point-ranges';
import { BUILTIN_FONT_RESOLVER, builtinCoverageOf, FontResolver } from '../../fonts/font-resolver';
import { registrableFontPath } from '../../fonts/unpacked-fonts';
import { FontCollectionLock, processFontCollectionLock } from './font-collection-lock';

let fontsChecked = false;
let onFirstUseChecked = false;
let collectionLock: FontCollectionLock | undefined;

/** The render worker hands in the lock its pool was given (the process's) before it loads any font. */
export function useFontCollectionLock(lock: FontCollectionLock): void {
  collectionLock = lock;
}

/** Held (as a reader) by every drawing with text; registrations take it as writers. */
export function fontCollectionLock(): FontCollectionLock {
  collectionLock ??= processFontCollectionLock();
  return collectionLock;
}

/**
 * The font collection is process-wide (shared by all worker threads): the first thread registers
 * the shipped fonts, later ones find them there. Registering again would duplicate them in memory.
 * Checked once per thread: `GlobalFonts.has` serializes and parses the whole family list on every
 * call, which measured ~9 % of a render's CPU when it ran per drawing. The families loaded on first
 * use (CJK) wait for a drawing that may need them: ensureFontsFor.
 */
export function ensureFonts(): void {
  if (fontsChecked) return;
  registerOnce(EAGER_FAMILIES);
  fontsChecked = true;
}

/**
 * ensureFonts, and the families loaded on first use when these layers (those that draw text: the caller picks them,
 * so this file loads no layer schemas, and zod stays out of the worker) may draw with them. Before any read lock.
 */
export function ensureFontsFor(textLayers: readonly LayerDefinition[]): void {
  ensureFonts();
  if (onFirstUseChecked || !textLayers.some((layer) => mayUseOnFirstUseFamilies(JSON.stringify(layer)))) return;
  registerOnce(ON_FIRST_USE_FAMILIES);
  onFirstUseChecked = true;
}

/** Registers `families` unless the last of them is in the collection (checked again as the writer: threads starting together). */
function registerOnce(families: readonly string[]): void {
  const marker = families[families.length - 1];
  const lock = fontCollectionLock();
  if (lock.reading(() => GlobalFonts.has(marker))) return;
  lock.write(() => {
    if (!GlobalFonts.has(marker)) for (const { family, path } of fontFiles(families)) GlobalFonts.registerFromPath(registrableFontPath(path), family);
  });
}

let coverage: { eager: CodePointRanges[]; onFirstUse: CodePointRanges[] } | undefined;

/**
 * Whether a layer (as JSON: its texts, spans and family names) may draw with a family loaded on first use:
 * it names one, or has a character that only such a family covers. Conservative: a character an account
 * font covers still counts, and loads the families once for nothing.
 */
function mayUseOnFirstUseFamilies(layerJson: string): boolean {
  if (ON_FIRST_USE_FAMILIES.some((family) => layerJson.includes(family))) return true;
  coverage ??= {
    eager: EAGER_FAMILIES.map((family) => builtinCoverageOf(family)!),
    onFirstUse: ON_FIRST_USE_FAMILIES.map((family) => builtinCoverageOf(family)!),
  };
  const { eager, onFirstUse } = coverage;
  for (const character of layerJson) {
    const codePoint = character.codePointAt(0)!;
    if (codePoint < 0x80 || eager.some((ranges) => rangesInclude(ranges, codePoint))) continue;
    if (onFirstUse.some((ranges) => rangesInclude(ranges, codePoint))) return true;
  }
  return false;
}

/** The layer's family, followed by the fallbacks only when some character needs them (see FontResolver.fontListFor). */
export function familyList(family: string, text: string): string {
  return BUILTIN_FONT_RESOLVER.fontListFor(family, 400, 'normal', text).families;
}

/** Account faces this thread knows are in the (process-wide) collection, with their unpacked coverage. */
const accountFaces = new Map<string, AccountFontFace>();

/**
 * Registers the job's account faces on first use (under their registered names, which only the
 * owner's plan produces) and answers the resolver for the job. A face that arrives without bytes and
 * is not in the collection is reported missing; its family then draws with its other faces or the default.
 */
export function accountFontResolver(faces: JobFontFaces = []): { resolver: FontResolver; missing: string[] } {
  if (faces.length === 0) return { resolver: BUILTIN_FONT_RESOLVER, missing: [] };
  const byFamily = new Map<string, AccountFontFace[]>();
  const missing: string[] = [];
  for (const face of faces) {
    let known = accountFaces.get(face.registeredName);
    if (!known) {
      // Another thread of this process may have registered it already: registering twice would keep two copies.
      const lock = fontCollectionLock();
      const { bytes } = face;
      const present =
        lock.reading(() => GlobalFonts.has(face.registeredName)) ||
        (bytes !== undefined &&
          lock.write(
            () =>
              GlobalFonts.has(face.registeredName) ||
              GlobalFonts.register(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), face.registeredName) !== null,
          ));
      if (!present) {
        missing.push(face.registeredName);
        continue;
      }
      known = { registeredName: face.registeredName, weight: face.weight, style: face.style, coverage: unpackRanges(face.coverage) };
      accountFaces.set(face.registeredName, known);
    }
    byFamily.set(face.family, [...(byFamily.get(face.family) ?? []), known]);
  }
  return { resolver: new FontResolver(byFamily), missing };
}
