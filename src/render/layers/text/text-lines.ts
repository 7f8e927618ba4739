import { paragraphLevelAt, resolveLevels, TextDirection, visualRuns } from '../../renderer/text-bidi';
import { ELLIPSIS, StyleRange, TextFitResult } from '../../renderer/text-layout';

/** A piece of a line drawn in one go: one style, one direction, already in visual position. */
export interface PlacedRun {
  text: string;
  style: number;
  rtl: boolean;
  /** Left edge, in layer coordinates. */
  x: number;
  width: number;
}

export interface PlacedLine {
  runs: PlacedRun[];
  /** Left and right edges of the line's runs (a justified line's widened gaps included). */
  left: number;
  right: number;
  rtl: boolean;
}

export interface LinePlacement {
  text: string;
  ranges: StyleRange[];
  fit: TextFitResult;
  direction: TextDirection;
  align: 'left' | 'center' | 'right' | 'start' | 'end' | 'justify';
  x: number;
  width: number;
  /** Width of `text` in `style` at the fitted size, letter spacing included. */
  measureRun: (text: string, style: number) => number;
}

/** The style of the range that holds `offset`. */
function styleAt(ranges: StyleRange[], offset: number): number {
  for (const range of ranges) if (offset < range.end) return range.style;
  return ranges[ranges.length - 1]?.style ?? 0;
}

/** The style ranges of text[start, end), in the line's own offsets. */
function rangesWithin(ranges: StyleRange[], start: number, end: number): StyleRange[] {
  const within: StyleRange[] = [];
  for (const range of ranges) {
    const rangeEnd = Math.min(range.end, end) - start;
    if (rangeEnd > (within[within.length - 1]?.end ?? 0)) within.push({ end: rangeEnd, style: range.style });
    if (range.end >= end) break;
  }
  return within;
}

const isSpace = (character: string | undefined) => character !== undefined && /\s/u.test(character);

/**
 * One line as runs placed left to right: reordered per UAX #9, cut at style changes (and after spaces
 * when justified, so those gaps can widen), each measured at the fitted size, then aligned.
 */
function placeLine(placement: LinePlacement, lineText: string, ranges: StyleRange[], levels: Uint8Array, paragraphLevel: number, justify: boolean): PlacedLine {
  const rtl = paragraphLevel % 2 === 1;
  if (lineText.length === 0) return { runs: [], left: placement.x, right: placement.x, rtl };
  const cut = (offset: number) => styleAt(ranges, offset) !== styleAt(ranges, offset - 1) || (justify && isSpace(lineText[offset - 1]) && !isSpace(lineText[offset]));
  const runs: PlacedRun[] = visualRuns(lineText, levels, paragraphLevel, 0, lineText.length, cut).map((run) => {
    const text = lineText.slice(run.start, run.end);
    const style = styleAt(ranges, run.start);
    return { text, style, rtl: run.level % 2 === 1, x: 0, width: placement.measureRun(text, style) };
  });
  const total = runs.reduce((sum, run) => sum + run.width, 0);
  // The gaps that widen: between two runs where either has a space on that side.
  const widens = justify
    ? runs.slice(1).map((run, index) => {
        const left = runs[index];
        return isSpace(left.rtl ? left.text[0] : left.text[left.text.length - 1]) || isSpace(run.rtl ? run.text[run.text.length - 1] : run.text[0]);
      })
    : [];
  const gaps = widens.filter(Boolean).length;
  const extra = gaps > 0 ? Math.max(0, placement.width - total) / gaps : 0;
  const { align } = placement;
  const side = align === 'start' || align === 'justify' ? (rtl ? 'right' : 'left') : align === 'end' ? (rtl ? 'left' : 'right') : align;
  const width = total + extra * gaps;
  let x = side === 'left' ? placement.x : side === 'right' ? placement.x + placement.width - width : placement.x + (placement.width - width) / 2;
  const left = x;
  runs.forEach((run, index) => {
    run.x = x;
    x += run.width + (widens[index] ? extra : 0);
  });
  return { runs, left, right: x, rtl };
}

/** Every fitted line as placed runs: bidi per paragraph, the ellipsis at the logical end, alignment, justification. */
export function placeLines(placement: LinePlacement): PlacedLine[] {
  const { text, ranges, fit } = placement;
  const resolved = resolveLevels(text, placement.direction);
  return fit.lines.map((line) => {
    const paragraphLevel = paragraphLevelAt(resolved, line.start);
    let lineText = text.slice(line.start, line.end);
    let levels = resolved.levels.slice(line.start, line.end);
    const lineRanges = rangesWithin(ranges, line.start, line.end);
    if (line.ellipsis) {
      // At the paragraph's logical end (the left of a right-to-left line), in the last character's style.
      lineText += ELLIPSIS;
      levels = resolveLevels(lineText, paragraphLevel % 2 === 1 ? 'rtl' : 'ltr').levels;
      lineRanges.push({ end: lineText.length, style: styleAt(ranges, Math.max(line.start, line.end - 1)) });
    }
    return placeLine(placement, lineText, lineRanges, levels, paragraphLevel, placement.align === 'justify' && !line.paragraphEnd);
  });
}
