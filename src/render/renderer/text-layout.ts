import { MISSING_GLYPH_STAND_IN } from '../../fonts/font-resolver';
import { BreakOpportunity, breakOpportunities, graphemeBoundaries } from './line-breaks';

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Width of `text` at `fontSize` in style `style` (an index into the layer's span styles; 0 without spans).
 * Canvas measureText in the worker; a fake in tests.
 */
export type MeasureText = (text: string, fontSize: number, style: number) => number;

/** A range of the text drawn in one style (spans); together they cover the text in order. */
export interface StyleRange {
  end: number;
  style: number;
}

export interface TextFitOptions {
  text: string;
  width: number;
  height: number;
  fontSize: number;
  minFontSize: number;
  autoFit: boolean;
  lineHeight: number;
  maxLines: number | null;
  /** Extra advance after every grapheme, px at `fontSize` (scales with the size autoFit picks). */
  letterSpacing?: number;
  /** Style ranges in text order; the last one ends at `text.length`. Default: the whole text in style 0. */
  styles?: StyleRange[];
  /** BCP 47 language: Chinese and Japanese allow a few more line breaks (see breakOpportunities). */
  lang?: string;
}

/** One laid-out line: a range of the text (trailing spaces and the newline left out), in logical order. */
export interface TextLine {
  start: number;
  end: number;
  /** Width at the chosen size, ellipsis included. */
  width: number;
  /** The line ends its paragraph (a newline or the end of the text follows): not stretched by justify. */
  paragraphEnd: boolean;
  /** An ellipsis follows `end` (the text was cut here), in the style of the last character. */
  ellipsis: boolean;
}

export interface TextFitResult {
  fontSize: number;
  lines: TextLine[];
  truncated: boolean;
}

export const ELLIPSIS = '…';

const SPACE = /[\s\u200B]/u;

interface UniformClass {
  name: string;
  /** Text made only of this class (every character one UTF-16 unit and one grapheme). */
  whole: RegExp;
  any: RegExp;
  probe: string;
}

// Only BMP characters, so one character is one UTF-16 unit; a combining mark or variation selector
// after one of them makes the text fail `whole` and be measured as it is.
const IDEOGRAPHIC = '\\u3000-\\u303F\\u3040-\\u30FF\\u31F0-\\u31FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF\\uFF01-\\uFF60\\uFFE0-\\uFFE6';
const HANGUL = '\\uAC00-\\uD7A3';
// A character no font has (see withStandIns) draws one `.notdef`; measured alone, it sends Skia through every
// registered face on each call (2–5 ms), so it is measured once per style like the classes above.
const STAND_IN = `\\u${MISSING_GLYPH_STAND_IN.charCodeAt(0).toString(16).padStart(4, '0')}`;

const CLASSES: Array<[name: string, characters: string, probe: string]> = [
  ['ideographic', IDEOGRAPHIC, '\u6C34'],
  ['hangul', HANGUL, '\uD55C'],
  ['stand-in', STAND_IN, MISSING_GLYPH_STAND_IN],
];
const UNIFORM_ADVANCE: UniformClass[] = CLASSES.map(([name, characters, probe]) => ({
  name,
  whole: new RegExp(`^[${characters}]+$`),
  any: new RegExp(`[${characters}]`, 'g'),
  probe,
}));
/** Maximal runs of one uniform class, or of none. */
const UNIFORM_OR_NOT = new RegExp(
  [...CLASSES.map(([, characters]) => `[${characters}]+`), `[^${CLASSES.map(([, characters]) => characters).join('')}]+`].join('|'),
  'g',
);

/** A run between two break opportunities: what a line may hold whole or not at all. */
interface Segment {
  start: number;
  /** End of the visible part: trailing spaces (and the newline) hang past the line's width. */
  contentEnd: number;
  end: number;
  /** Widths at the reference size (the layer's fontSize), letter spacing included. */
  content: number;
  full: number;
  /** A newline ends this segment: the next one starts a paragraph. */
  required: boolean;
}

/**
 * Measuring is the expensive part (a Skia paragraph per call; CJK fallback costs ~50 µs a character), so
 * every piece of text is measured once, at the reference size, and scaled: Skia's advances are linear in
 * the font size (draw-template.spec.ts checks it on the shipped fonts). One layout then costs
 * O(text length) measuring plus O(segments) arithmetic per candidate size, and autoFit tries
 * O(log(fontSize − minFontSize)) sizes.
 */
class Measurer {
  private readonly cache = new Map<string, number>();
  private readonly graphemeCount: Int32Array;
  readonly boundaries: Set<number>;

  constructor(
    private readonly options: TextFitOptions,
    private readonly measure: MeasureText,
  ) {
    const { text } = options;
    this.boundaries = graphemeBoundaries(text);
    // graphemeCount[i]: grapheme clusters that start before offset i.
    this.graphemeCount = new Int32Array(text.length + 1);
    for (let index = 0, count = 0; index <= text.length; index++) {
      this.graphemeCount[index] = count;
      if (index < text.length && this.boundaries.has(index)) count++;
    }
  }

  get styles(): StyleRange[] {
    return this.options.styles ?? [{ end: this.options.text.length, style: 0 }];
  }

  styleAt(offset: number): number {
    for (const range of this.styles) if (offset < range.end) return range.style;
    return this.styles[this.styles.length - 1]?.style ?? 0;
  }

  /** Width of text[start, end) at the reference size, split by style, plus letter spacing. */
  width(start: number, end: number): number {
    if (end <= start) return 0;
    let total = 0;
    let from = start;
    for (const range of this.styles) {
      if (range.end <= from) continue;
      const to = Math.min(range.end, end);
      total += this.piece(this.options.text.slice(from, to), range.style);
      from = to;
      if (from >= end) break;
    }
    const spacing = this.options.letterSpacing ?? 0;
    return total + spacing * (this.graphemeCount[end] - this.graphemeCount[start]);
  }

  piece(text: string, style: number): number {
    for (const uniform of UNIFORM_ADVANCE) {
      if (uniform.whole.test(text)) return text.length * this.uniformAdvance(uniform, style);
    }
    // A line mixing those classes with other text (a placed line's run): each uniform stretch by its advance, the
    // rest as they are (short pieces that repeat, so mostly remembered), not the whole line through Skia each time.
    const pieces = text.match(UNIFORM_OR_NOT);
    if (pieces && pieces.length > 1) return pieces.reduce((width, piece) => width + this.piece(piece, style), 0);
    return this.measured(text, style);
  }

  private measured(text: string, style: number): number {
    const key = `${style}\u0000${text}`;
    let width = this.cache.get(key);
    if (width === undefined) {
      width = this.measure(text, this.options.fontSize, style);
      this.cache.set(key, width);
    }
    return width;
  }

  private readonly uniformCache = new Map<string, number>();

  /**
   * One advance for every character of a uniform class in this style, measured once on (up to 64 of)
   * the distinct characters of that class in the text: CJK fonts draw ideographs, kana and CJK
   * punctuation at one em, and Hangul syllables at one fixed width (draw-template.spec.ts checks the
   * shipped fonts). Measuring each of 5,000 distinct ideographs alone costs ~5 ms a call through a
   * font split into hundreds of subset files.
   */
  private uniformAdvance(uniform: UniformClass, style: number): number {
    const key = `${uniform.name}\u0000${style}`;
    let advance = this.uniformCache.get(key);
    if (advance === undefined) {
      const sample = new Set<string>();
      let offset = 0;
      for (const range of this.styles) {
        if (range.style === style) {
          for (const match of this.options.text.slice(offset, range.end).matchAll(uniform.any)) {
            sample.add(match[0]);
            if (sample.size >= 64) break;
          }
        }
        if (sample.size >= 64) break;
        offset = range.end;
      }
      const text = [...sample].join('') || uniform.probe;
      advance = this.measured(text, style) / text.length;
      this.uniformCache.set(key, advance);
    }
    return advance;
  }

  /** Grapheme boundaries inside [start, end], in order. */
  graphemeStops(start: number, end: number): number[] {
    const stops: number[] = [];
    for (let index = start + 1; index <= end; index++) if (this.boundaries.has(index)) stops.push(index);
    return stops;
  }
}

function segmentsOf(text: string, opportunities: BreakOpportunity[], measurer: Measurer): Segment[] {
  const segments: Segment[] = [];
  let start = 0;
  for (const { position, required } of opportunities) {
    let contentEnd = position;
    while (contentEnd > start && SPACE.test(text[contentEnd - 1])) contentEnd--;
    const content = measurer.width(start, contentEnd);
    segments.push({ start, contentEnd, end: position, content, full: content + measurer.width(contentEnd, position), required });
    start = position;
  }
  return segments;
}

function allowedLines(options: TextFitOptions, fontSize: number): number {
  const byHeight = Math.floor((options.height + 1e-6) / (fontSize * options.lineHeight));
  return Math.max(0, Math.min(byHeight, options.maxLines ?? Infinity));
}

/** Lines as ranges with widths at the reference size; null as soon as more than `limit` lines are needed. */
function breakLines(segments: Segment[], maxWidth: number, limit: number, measurer: Measurer): TextLine[] | null {
  const lines: TextLine[] = [];
  let start = -1;
  let end = 0;
  let width = 0; // of the line so far, up to `end` (its trailing spaces excluded)
  let pending = 0; // trailing spaces after `end`: they count only if more content joins the line
  const push = (paragraphEnd: boolean): boolean => {
    lines.push({ start: start < 0 ? end : start, end, width, paragraphEnd, ellipsis: false });
    start = -1;
    width = 0;
    pending = 0;
    return lines.length <= limit;
  };
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    if (start >= 0 && width + pending + segment.content > maxWidth) {
      if (!push(false)) return null;
    }
    if (start < 0 && segment.content > maxWidth) {
      // Wider than a line on its own: break between grapheme clusters, as many per line as fit.
      let pieceStart = segment.start;
      let pieceWidth = 0;
      let previous = segment.start;
      for (const stop of measurer.graphemeStops(segment.start, segment.contentEnd)) {
        const grapheme = measurer.width(previous, stop);
        if (pieceWidth > 0 && pieceWidth + grapheme > maxWidth) {
          start = pieceStart;
          end = previous;
          width = pieceWidth;
          if (!push(false)) return null;
          pieceStart = previous;
          pieceWidth = 0;
        }
        pieceWidth += grapheme;
        previous = stop;
      }
      start = pieceStart;
      end = segment.contentEnd;
      width = pieceWidth;
      pending = segment.full - segment.content;
    } else {
      if (start < 0) start = segment.start;
      width += pending + segment.content;
      end = segment.contentEnd;
      pending = segment.full - segment.content;
    }
    if (segment.required || index === segments.length - 1) {
      if (!push(true)) return null;
    }
  }
  return lines;
}

/** Lines at `fontSize`, or null when they do not fit the box (more lines than its height or maxLines allow). */
function layoutAt(options: TextFitOptions, segments: Segment[], fontSize: number, measurer: Measurer, limit = allowedLines(options, fontSize)) {
  const scale = fontSize / options.fontSize;
  const lines = breakLines(segments, options.width / scale, limit, measurer);
  return lines?.map((line) => ({ ...line, width: line.width * scale })) ?? null;
}

/** Keeps the lines that fit and ends the last one, at its logical end, with an ellipsis that fits too. */
function truncate(options: TextFitOptions, segments: Segment[], fontSize: number, measurer: Measurer): TextLine[] {
  const allowed = allowedLines(options, fontSize);
  if (allowed === 0) return [];
  const scale = fontSize / options.fontSize;
  const kept = layoutAt(options, segments, fontSize, measurer, Infinity)!.slice(0, allowed);
  const last = kept[kept.length - 1];
  const maxWidth = options.width / scale;
  let end = last.end;
  let width = last.width / scale;
  const ellipsisWidth = () => measurer.piece(ELLIPSIS, measurer.styleAt(Math.max(last.start, end - 1))) + (options.letterSpacing ?? 0);
  const stops = [last.start, ...measurer.graphemeStops(last.start, last.end)];
  let stop = stops.length - 1;
  while (stop > 0 && width + ellipsisWidth() > maxWidth) {
    width -= measurer.width(stops[stop - 1], stops[stop]);
    end = stops[--stop];
  }
  while (end > last.start && SPACE.test(options.text[end - 1])) end--;
  width = measurer.width(last.start, end) + ellipsisWidth();
  kept[kept.length - 1] = { start: last.start, end, width: width * scale, paragraphEnd: true, ellipsis: true };
  return kept;
}

/**
 * Lays text into its box: breaks lines per UAX #14 at the layer width, shrinks from fontSize down to
 * minFontSize when autoFit is on (the largest integer size that fits, by binary search), and ellipsizes
 * when even that is too big.
 */
export function fitText(options: TextFitOptions, measure: MeasureText): TextFitResult {
  if (options.text.length === 0) return { fontSize: options.fontSize, lines: [], truncated: false };
  const smallest = options.autoFit ? Math.min(options.minFontSize, options.fontSize) : options.fontSize;
  // A box too short for one line at the smallest size holds nothing: no need to measure anything.
  if (allowedLines(options, smallest) === 0) return { fontSize: smallest, lines: [], truncated: true };
  const measurer = new Measurer(options, measure);
  const segments = segmentsOf(options.text, breakOpportunities(options.text, measurer.boundaries, options.lang), measurer);
  const first = layoutAt(options, segments, options.fontSize, measurer);
  if (first) return { fontSize: options.fontSize, lines: first, truncated: false };
  let low = smallest;
  let high = options.fontSize - 1;
  let best: TextFitResult | null = null;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const lines = layoutAt(options, segments, middle, measurer);
    if (lines) {
      best = { fontSize: middle, lines, truncated: false };
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best ?? { fontSize: smallest, lines: truncate(options, segments, smallest, measurer), truncated: true };
}

/**
 * Widths of pieces of the laid-out text at `fontSize` (letter spacing included), measured as the layout
 * measures: once per piece and style at the layer's size, ideographs and Hangul from their shared advance.
 * The drawer places its bidi runs with it instead of measuring every run again.
 */
export function runMeasurer(options: TextFitOptions, measure: MeasureText, fontSize: number): (text: string, style: number) => number {
  const measurer = new Measurer(options, measure);
  const scale = fontSize / options.fontSize;
  return (text, style) => {
    let graphemes = 0;
    for (const _ of graphemeSegmenter.segment(text)) graphemes++;
    return (measurer.piece(text, style) + (options.letterSpacing ?? 0) * graphemes) * scale;
  };
}

/** The text a line draws (ellipsis included). */
export function lineText(text: string, line: TextLine): string {
  return text.slice(line.start, line.end) + (line.ellipsis ? ELLIPSIS : '');
}
