import type { CodePointRanges } from '../coverage/code-point-ranges';

const SAMPLE_CHARACTERS = 64;
/** Code points looked at past each pick for a visible one: bounds the walk over a huge (e.g. all-Unicode) coverage. */
const LOOK_AHEAD = 256;
/** Letters, digits, punctuation, symbols and private use (symbol fonts): characters that draw ink and advance. */
const VISIBLE = /^[\p{L}\p{N}\p{P}\p{S}\p{Co}]$/u;

/**
 * Up to 64 visible characters a font covers, spread evenly over its coverage (not just its first code points:
 * a font whose first characters are combining marks or spaces would measure nothing). What the drawing check
 * draws; the walk costs O(ranges + 64 × 256) whatever the coverage claims.
 */
export function sampleText(ranges: CodePointRanges): string {
  const total = ranges.reduce((sum, [start, end]) => sum + end - start + 1, 0);
  const picks = new Set<number>();
  const step = Math.max(1, Math.floor(total / SAMPLE_CHARACTERS));
  let range = 0;
  let before = 0;
  for (let position = 0; position < total && picks.size < SAMPLE_CHARACTERS; position += step) {
    while (before + ranges[range][1] - ranges[range][0] + 1 <= position) before += ranges[range][1] - ranges[range++][0] + 1;
    let [index, at] = [range, position - before];
    for (let looked = 0; looked < LOOK_AHEAD && index < ranges.length; looked++) {
      const codePoint = ranges[index][0] + at;
      if (VISIBLE.test(String.fromCodePoint(codePoint))) {
        picks.add(codePoint);
        break;
      }
      if (codePoint < ranges[index][1]) at++;
      else [index, at] = [index + 1, 0];
    }
  }
  return String.fromCodePoint(...[...picks].sort((a, b) => a - b));
}
