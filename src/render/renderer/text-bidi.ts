import bidiFactory from 'bidi-js';

/** A text layer's `direction`: `auto` takes each paragraph's from its first strong character (UAX #9 P2–P3). */
export type TextDirection = 'auto' | 'ltr' | 'rtl';

const bidi = bidiFactory();

export interface ResolvedLevels {
  /** Embedding level of each UTF-16 unit of the text (odd: right-to-left). */
  levels: Uint8Array;
  paragraphs: Array<{ start: number; end: number; level: number }>;
}

/** UAX #9 levels for the whole text (the `bidi-js` implementation), paragraphs split at newlines. */
export function resolveLevels(text: string, direction: TextDirection): ResolvedLevels {
  const { levels, paragraphs } = bidi.getEmbeddingLevels(text, direction);
  return { levels, paragraphs };
}

/** The level of the paragraph that holds `offset` (0 when the text is empty). */
export function paragraphLevelAt(resolved: ResolvedLevels, offset: number): number {
  for (const paragraph of resolved.paragraphs) if (offset <= paragraph.end) return paragraph.level;
  return resolved.paragraphs[resolved.paragraphs.length - 1]?.level ?? 0;
}

/** A run of one level (and one style, and between two cuts), in logical order inside. */
export interface VisualRun {
  start: number;
  end: number;
  level: number;
}

// UAX #9 L1: whitespace and isolate controls before a segment separator or the line's end take the paragraph level.
const TRAILING_NEUTRAL = /[\s\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/u;
const SEGMENT_SEPARATOR = /[\t\u000B\u001F]/u;

/**
 * The runs of text[start, end) in visual order, left to right (UAX #9 L1–L2). A run never spans a
 * position where `cut(offset)` is true (style changes, justified spaces), so each can be drawn alone
 * with its own direction, and the drawing engine need not reorder anything.
 */
export function visualRuns(text: string, levels: Uint8Array, paragraphLevel: number, start: number, end: number, cut: (offset: number) => boolean = () => false): VisualRun[] {
  if (end <= start) return [];
  const lineLevels = levels.slice(start, end);
  let trailing = true;
  for (let index = end - 1; index >= start; index--) {
    const character = text[index];
    if (SEGMENT_SEPARATOR.test(character)) {
      lineLevels[index - start] = paragraphLevel;
      trailing = true;
    } else if (trailing && TRAILING_NEUTRAL.test(character)) {
      lineLevels[index - start] = paragraphLevel;
    } else {
      trailing = false;
    }
  }
  // Low surrogates share the level of their high surrogate.
  for (let index = start + 1; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xdc00 && code <= 0xdfff) lineLevels[index - start] = lineLevels[index - start - 1];
  }
  const runs: VisualRun[] = [];
  let runStart = start;
  for (let index = start + 1; index <= end; index++) {
    if (index === end || lineLevels[index - start] !== lineLevels[runStart - start] || cut(index)) {
      runs.push({ start: runStart, end: index, level: lineLevels[runStart - start] });
      runStart = index;
    }
  }
  // L2: from the highest level down to the lowest odd one, reverse every maximal sequence at that level or above.
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level | 1));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let index = 0; index < runs.length; ) {
      if (runs[index].level < level) {
        index++;
        continue;
      }
      let stop = index;
      while (stop < runs.length && runs[stop].level >= level) stop++;
      const reversed = runs.slice(index, stop).reverse();
      runs.splice(index, reversed.length, ...reversed);
      index = stop;
    }
  }
  return runs;
}

/** Character offsets of text[start, end) in visual order (a run at an odd level reads backwards). */
export function visualOrder(runs: VisualRun[]): number[] {
  const order: number[] = [];
  for (const run of runs) {
    const offsets = Array.from({ length: run.end - run.start }, (_, index) => run.start + index);
    order.push(...(run.level % 2 === 1 ? offsets.reverse() : offsets));
  }
  return order;
}
