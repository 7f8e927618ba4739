import LineBreaker from 'linebreak';

/** A place where a line may (or, after a newline, must) end: the text before `position` goes on the line. */
export interface BreakOpportunity {
  position: number;
  required: boolean;
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

// UAX #14 leaves "complex context" scripts (class SA) to a dictionary: Node's ICU has one for each.
const COMPLEX_CONTEXT: Array<{ run: RegExp; locale: string }> = [
  { run: /[\u0E00-\u0E7F]+/gu, locale: 'th' },
  { run: /[\u0E80-\u0EFF]+/gu, locale: 'lo' },
  { run: /[\u1780-\u17FF\u19E0-\u19FF]+/gu, locale: 'km' },
  { run: /[\u1000-\u109F\uAA60-\uAA7F]+/gu, locale: 'my' },
];
const wordSegmenters = new Map<string, Intl.Segmenter>();

function wordSegmenter(locale: string): Intl.Segmenter {
  let segmenter = wordSegmenters.get(locale);
  if (!segmenter) wordSegmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: 'word' })));
  return segmenter;
}

/** Offsets (UTF-16) where a grapheme cluster starts, plus the text's end: the only places a line may end. */
export function graphemeBoundaries(text: string): Set<number> {
  const boundaries = new Set<number>([text.length]);
  for (const part of graphemeSegmenter.segment(text)) boundaries.add(part.index);
  return boundaries;
}

// CSS Text 3, `line-break: normal`: in Chinese and Japanese a line may also end before the CJK hyphen-like
// 〜 (U+301C) and ゠ (U+30A0), which UAX #14 (class NS) keeps with what precedes them in every other language.
const CJK_HYPHEN_LIKE = /(?<=[^\s\p{Ps}\p{Pi}])[\u301C\u30A0]/gu;
const CHINESE_OR_JAPANESE = /^(ja|zh)(-|$)/i;

/**
 * Line-break opportunities per UAX #14 (the `linebreak` package), tailored as the contract asks:
 * Thai, Lao, Khmer and Myanmar break between dictionary words, URLs may also break after `&`, `lang`
 * Chinese or Japanese also breaks before 〜 and ゠, and no opportunity falls inside a grapheme cluster
 * (ZWJ emoji, flags, skin tones, combining marks).
 */
export function breakOpportunities(text: string, boundaries = graphemeBoundaries(text), lang?: string): BreakOpportunity[] {
  const found = new Map<number, boolean>();
  const breaker = new LineBreaker(text);
  for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) found.set(next.position, next.required);
  for (const { run, locale } of COMPLEX_CONTEXT) {
    for (const match of text.matchAll(run)) {
      for (const word of wordSegmenter(locale).segment(match[0])) {
        const position = match.index + word.index;
        if (word.index > 0 && !found.has(position)) found.set(position, false);
      }
    }
  }
  if (lang !== undefined && CHINESE_OR_JAPANESE.test(lang)) {
    for (const match of text.matchAll(CJK_HYPHEN_LIKE)) if (!found.has(match.index)) found.set(match.index, false);
  }
  // After `&` inside a run without spaces (a URL's query), like the `/`, `-` and `?` UAX #14 already allows.
  for (const match of text.matchAll(/(?<=\S)&(?=[^\s&])/gu)) {
    const position = match.index + 1;
    if (!found.has(position)) found.set(position, false);
  }
  return [...found]
    .filter(([position, required]) => required || boundaries.has(position))
    .sort(([left], [right]) => left - right)
    .map(([position, required]) => ({ position, required }));
}
