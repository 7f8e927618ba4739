import coverageTable from './coverage/builtin-coverage.json';
import { CodePointRanges, rangesInclude, unpackRanges } from './coverage/code-point-ranges';
import { DEFAULT_FONT_FAMILY, fallbackFamiliesFor } from './font-catalog';

/**
 * The seam between fonts and text layout: which font families a run of text is measured and drawn
 * with, and which of its characters no font has. Pure (no canvas), so layout code and tests call it.
 */

/** Each shipped family's coverage, unpacked on first use (~0.1 s: processes that draw no text never pay it). */
const BUILTIN_COVERAGE = {
  table: undefined as Map<string, CodePointRanges> | undefined,
  families(): Map<string, CodePointRanges> {
    return (this.table ??= new Map(Object.entries(coverageTable as Record<string, string>).map(([family, packed]) => [family, unpackRanges(packed)])));
  },
  get(family: string): CodePointRanges | undefined {
    return this.families().get(family);
  },
  has(family: string): boolean {
    return this.families().has(family);
  },
  values(): IterableIterator<CodePointRanges> {
    return this.families().values();
  },
};

/** A shipped family's coverage (undefined for a name that is not shipped). */
export const builtinCoverageOf = (family: string): CodePointRanges | undefined => BUILTIN_COVERAGE.get(family);

/** Characters that draw no glyph of their own: controls, format characters (ZWJ, bidi marks), separators, variation selectors. */
const NO_GLYPH_NEEDED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

/** How account faces are registered in the workers (`<font id>-<hash>`, account-fonts.service.ts). */
const ACCOUNT_FACE_NAME = /^fnt_/i;

/** Stands in for a character no font covers: no font maps this noncharacter, so Skia draws the first family's `.notdef` box without asking the host's fonts. */
export const MISSING_GLYPH_STAND_IN = '\uFFFF';

/** A face an account uploaded, as the worker registered it (under a name only this job's plan can produce). */
export interface AccountFontFace {
  /** The name the face is registered under in the canvas's font collection. */
  registeredName: string;
  weight: number;
  style: 'normal' | 'italic';
  coverage: CodePointRanges;
}

export interface ResolvedFont {
  /** The CSS font-family list for ctx.font, quoted. */
  families: string;
  /** The face is upright but the text asks for italic: draw it slanted (CSS synthesizes oblique). */
  synthesizeOblique: boolean;
}

/** CSS Fonts 4 §5.2 weight matching: the nearest weight, preferring lighter below 400, heavier above 500. */
export function nearestWeight(available: readonly number[], wanted: number): number {
  const sorted = [...available].sort((a, b) => a - b);
  if (sorted.includes(wanted)) return wanted;
  const below = sorted.filter((weight) => weight < wanted).reverse();
  const above = sorted.filter((weight) => weight > wanted);
  if (wanted >= 400 && wanted <= 500) {
    const between = above.filter((weight) => weight <= 500);
    return between[0] ?? below[0] ?? above[0];
  }
  return wanted < 400 ? (below[0] ?? above[0]) : (above[0] ?? below[0]);
}

/** CSS font matching over one account family's faces: style first (italic, else synthesized oblique), then weight. */
export function matchFace<T extends { weight: number; style: 'normal' | 'italic' }>(
  faces: readonly T[],
  weight: number,
  style: 'normal' | 'italic',
): { face: T; synthesizeOblique: boolean } | null {
  if (faces.length === 0) return null;
  const sameStyle = faces.filter((face) => face.style === style);
  const pool = sameStyle.length > 0 ? sameStyle : faces;
  const chosenWeight = nearestWeight(
    pool.map((face) => face.weight),
    weight,
  );
  const face = pool.find((candidate) => candidate.weight === chosenWeight) ?? pool[0];
  return { face, synthesizeOblique: style === 'italic' && face.style !== 'italic' };
}

function* codePointsOf(text: string): Generator<number> {
  for (const character of text) if (!NO_GLYPH_NEEDED.test(character)) yield character.codePointAt(0)!;
}

function builtinCovers(codePoint: number): boolean {
  for (const ranges of BUILTIN_COVERAGE.values()) if (rangesInclude(ranges, codePoint)) return true;
  return false;
}

const quote = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/**
 * Resolves fonts for the text of one layer (or span). `accountFaces` are the owner's faces of the
 * family the layer names, when it names an account family rather than a built-in one.
 */
export class FontResolver {
  private readonly accountFamilies: ReadonlyMap<string, readonly AccountFontFace[]>;

  /** `accountFamilies`: the owner's faces by family name (matched case-insensitively, as CSS does). */
  constructor(accountFamilies: ReadonlyMap<string, readonly AccountFontFace[]> = new Map()) {
    this.accountFamilies = new Map([...accountFamilies].map(([family, faces]) => [family.toLowerCase(), faces]));
  }

  private facesOf(family: string): readonly AccountFontFace[] {
    return this.accountFamilies.get(family.toLowerCase()) ?? [];
  }

  /**
   * A built-in family by its name; an account family by the registered name of its matched face. A name
   * shaped like a registered account face draws with the default family (it could reach another account's
   * face); other names (templates cannot save them; tests register their own) keep the full fallback chain.
   */
  private coverageOf(
    family: string,
    weight: number,
    style: 'normal' | 'italic',
  ): { name: string; coverage: CodePointRanges | undefined; synthesizeOblique: boolean } {
    const match = matchFace(this.facesOf(family), weight, style);
    if (match) return { name: match.face.registeredName, coverage: match.face.coverage, synthesizeOblique: match.synthesizeOblique };
    if (BUILTIN_COVERAGE.has(family)) return { name: family, coverage: BUILTIN_COVERAGE.get(family), synthesizeOblique: false };
    if (ACCOUNT_FACE_NAME.test(family)) return { name: DEFAULT_FONT_FAMILY, coverage: BUILTIN_COVERAGE.get(DEFAULT_FONT_FAMILY), synthesizeOblique: false };
    return { name: family, coverage: undefined, synthesizeOblique: false };
  }

  /**
   * The family alone when it covers every character of `text` (fast: Skia matches one family per
   * measurement). Otherwise the family followed by the shipped fallbacks that the text needs: for each
   * character the family lacks, the first fallback family (in FALLBACK_FAMILIES order, with the CJK family of
   * `lang` first among the CJK ones: fallbackFamiliesFor) that has it,
   * which is the face Skia would pick from the whole list. Leaving out the rest keeps Skia from opening
   * the ~900 CJK subset files to look for an emoji, and keeps it from ever reaching the host's fonts
   * (characters no shipped font has are replaced first: withStandIns).
   */
  fontListFor(family: string, weight: number, style: 'normal' | 'italic', text: string, lang?: string): ResolvedFont {
    const { name, coverage, synthesizeOblique } = this.coverageOf(family, weight, style);
    const order = fallbackFamiliesFor(lang);
    const needed = new Set<string>();
    for (const codePoint of codePointsOf(text)) {
      if (coverage && rangesInclude(coverage, codePoint)) continue;
      const fallback = order.find((candidate) => rangesInclude(BUILTIN_COVERAGE.get(candidate)!, codePoint));
      if (fallback) needed.add(fallback);
    }
    const fallbacks = order.filter((candidate) => needed.has(candidate) && candidate !== name);
    return { families: quote([name, ...fallbacks]), synthesizeOblique };
  }

  /** Code points of `text` that neither the family nor any shipped font has (each once, in order). */
  missingCodePoints(family: string, text: string): number[] {
    const faces = this.facesOf(family);
    const missing = new Set<number>();
    for (const codePoint of codePointsOf(text)) {
      if (builtinCovers(codePoint) || faces.some((face) => rangesInclude(face.coverage, codePoint))) continue;
      missing.add(codePoint);
    }
    return [...missing];
  }

  /** `text` with each character no font has replaced by a stand-in that draws `.notdef` on every host. */
  withStandIns(text: string, missing: readonly number[]): string {
    if (missing.length === 0) return text;
    const set = new Set(missing);
    let result = '';
    for (const character of text) result += set.has(character.codePointAt(0)!) ? MISSING_GLYPH_STAND_IN : character;
    return result;
  }
}

/** Whether a layer may name `family` without an account font: the built-in families are matched by exact name. */
export const isBuiltinFamily = (family: string): boolean => BUILTIN_COVERAGE.has(family);

/** CSS numeric weight of a layer's `fontWeight`. */
export const numericWeight = (weight: 'normal' | 'bold' | number): number => (weight === 'normal' ? 400 : weight === 'bold' ? 700 : weight);

/** Built-in families only: what a layer drawn without account fonts uses. */
export const BUILTIN_FONT_RESOLVER = new FontResolver();

/** Formats code points for a warning: "U+10000, U+1F9FF". */
export function formatCodePoints(codePoints: readonly number[]): string {
  return codePoints.map((codePoint) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`).join(', ');
}
