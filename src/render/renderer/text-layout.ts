/** Width of `text` at `fontSize` in the layer's font (canvas measureText in the worker; a fake in tests). */
export type MeasureText = (text: string, fontSize: number) => number;

export interface TextFitOptions {
  text: string;
  width: number;
  height: number;
  fontSize: number;
  minFontSize: number;
  autoFit: boolean;
  lineHeight: number;
  maxLines: number | null;
}

export interface TextFitResult {
  fontSize: number;
  lines: string[];
  truncated: boolean;
}

export const ELLIPSIS = '…';

// Han, kana, Hangul, CJK punctuation and full-width forms may break between any two characters.
const CJK = '\\u2E80-\\u2FDF\\u3000-\\u30FF\\u3100-\\u31FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uAC00-\\uD7AF\\uF900-\\uFAFF\\uFF00-\\uFFEF';
const TOKEN = new RegExp(`\\s+|[${CJK}]|[^\\s${CJK}]+`, 'gu');
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

const splitGraphemes = (text: string): string[] => Array.from(graphemes.segment(text), (part) => part.segment);

/** Splits a word wider than the line into pieces that fit, never inside a grapheme (emoji stay whole). */
function breakWord(word: string, maxWidth: number, measure: (text: string) => number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const grapheme of splitGraphemes(word)) {
    if (current && measure(current + grapheme) > maxWidth) {
      pieces.push(current);
      current = grapheme;
    } else {
      current += grapheme;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Greedy word wrap honouring explicit newlines; long words and CJK runs break anywhere. */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    let pendingSpace = '';
    for (const token of paragraph.match(TOKEN) ?? []) {
      if (/^\s+$/.test(token)) {
        if (line) pendingSpace = token;
        continue;
      }
      const candidate = line + pendingSpace + token;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
      } else {
        if (line) lines.push(line);
        const pieces = measure(token) <= maxWidth ? [token] : breakWord(token, maxWidth, measure);
        lines.push(...pieces.slice(0, -1));
        line = pieces[pieces.length - 1] ?? '';
      }
      pendingSpace = '';
    }
    lines.push(line);
  }
  return lines;
}

function allowedLines(options: TextFitOptions, fontSize: number): number {
  const byHeight = Math.floor((options.height + 1e-6) / (fontSize * options.lineHeight));
  return Math.max(0, Math.min(byHeight, options.maxLines ?? Infinity));
}

function layoutAt(options: TextFitOptions, fontSize: number, measure: MeasureText) {
  const lines = wrapText(options.text, options.width, (text) => measure(text, fontSize));
  return { lines, fits: lines.length <= allowedLines(options, fontSize) };
}

/** Cuts to the lines that fit and ends the last one with an ellipsis that fits too. */
function truncate(options: TextFitOptions, fontSize: number, lines: string[], measure: MeasureText): string[] {
  const kept = lines.slice(0, allowedLines(options, fontSize));
  if (kept.length === 0) return kept;
  let last = splitGraphemes(kept[kept.length - 1].trimEnd());
  while (last.length > 0 && measure(last.join('') + ELLIPSIS, fontSize) > options.width) last = last.slice(0, -1);
  kept[kept.length - 1] = last.join('').trimEnd() + ELLIPSIS;
  return kept;
}

/**
 * Lays text into its box: wraps at the layer width, shrinks from fontSize down to minFontSize when
 * autoFit is on (largest size that fits, by binary search), and ellipsizes when even that is too big.
 */
export function fitText(options: TextFitOptions, measure: MeasureText): TextFitResult {
  if (options.text.length === 0) return { fontSize: options.fontSize, lines: [], truncated: false };
  const first = layoutAt(options, options.fontSize, measure);
  if (first.fits) return { fontSize: options.fontSize, lines: first.lines, truncated: false };
  if (options.autoFit && options.minFontSize < options.fontSize) {
    let low = options.minFontSize;
    let high = options.fontSize - 1;
    let best: { fontSize: number; lines: string[] } | null = null;
    while (low <= high) {
      const middle = Math.floor((low + high) / 2);
      const attempt = layoutAt(options, middle, measure);
      if (attempt.fits) {
        best = { fontSize: middle, lines: attempt.lines };
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (best) return { ...best, truncated: false };
    const smallest = layoutAt(options, options.minFontSize, measure);
    return { fontSize: options.minFontSize, lines: truncate(options, options.minFontSize, smallest.lines, measure), truncated: true };
  }
  return { fontSize: options.fontSize, lines: truncate(options, options.fontSize, first.lines, measure), truncated: true };
}
