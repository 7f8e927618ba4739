import { MISSING_GLYPH_STAND_IN } from '../../fonts/font-resolver';
import { ELLIPSIS, fitText, lineText, MeasureText, runMeasurer, TextFitOptions } from './text-layout';

// Every code point is fontSize/2 wide: predictable without a real font.
const measure: MeasureText = (text, fontSize) => Array.from(text).length * (fontSize / 2);

const options = (overrides: Partial<TextFitOptions>): TextFitOptions => ({
  text: '',
  width: 100,
  height: 1000,
  fontSize: 20,
  minFontSize: 20,
  autoFit: false,
  lineHeight: 1,
  maxLines: null,
  ...overrides,
});

/** The drawn text of each line. */
const wrap = (text: string, overrides: Partial<TextFitOptions> = {}) => {
  const result = fitText(options({ text, ...overrides }), measure);
  return result.lines.map((line) => lineText(text, line));
};

describe('fitText: line breaking', () => {
  it('wraps at word boundaries without exceeding the width', () => {
    // 10 chars per line at 20px in 100px
    expect(wrap('aaaa bbbb cccc dd')).toEqual(['aaaa bbbb', 'cccc dd']);
  });

  it('breaks a word longer than the line', () => {
    expect(wrap('abcdefghijklmnopqrstuvwxy')).toEqual(['abcdefghij', 'klmnopqrst', 'uvwxy']);
  });

  it('breaks CJK runs between characters', () => {
    expect(wrap('你好世界你好世界你好世界')).toEqual(['你好世界你好世界你好', '世界']);
  });

  it('never splits an emoji grapheme', () => {
    const family = '👨‍👩‍👧';
    const lines = wrap('x'.repeat(9) + family);
    expect(lines.join('')).toBe('x'.repeat(9) + family);
    expect(lines.some((line) => line.includes(family))).toBe(true);
  });

  it('keeps explicit newlines and drops the spaces where a line wraps', () => {
    expect(wrap('ab\ncd   ef')).toEqual(['ab', 'cd   ef']);
    expect(wrap('aaaaaaaaa bbbb')).toEqual(['aaaaaaaaa', 'bbbb']);
    expect(wrap('a\n\nb')).toEqual(['a', '', 'b']);
  });

  it('reports widths at the chosen size and marks paragraph ends', () => {
    const result = fitText(options({ text: 'aaaa bbbb cccc\ndd' }), measure);
    expect(result.lines.map((line) => [line.width, line.paragraphEnd])).toEqual([
      [90, false],
      [40, true],
      [20, true],
    ]);
  });

  it('adds letter spacing per grapheme, scaled with the size', () => {
    // 2px per grapheme at 20px: "aaaa" = 40 + 8; "aaaa bbbb" = 90 + 18 > 100.
    expect(wrap('aaaa bbbb', { letterSpacing: 2 })).toEqual(['aaaa', 'bbbb']);
    const fitted = fitText(options({ text: 'aaaa bbbb', letterSpacing: 2, autoFit: true, minFontSize: 10, maxLines: 1 }), measure);
    // At 18px: 81 + 9 × 1.8 = 97.2 ≤ 100; at 19px: 85.5 + 17.1 > 100.
    expect(fitted.fontSize).toBe(18);
  });

  it('measures each style range separately', () => {
    const styled: MeasureText = (text, fontSize, style) => Array.from(text).length * (fontSize / 2) * (style === 1 ? 2 : 1);
    // "aaaa " in style 0 (50px), "bbbb" in style 1 (80px): 130 > 100.
    const result = fitText(
      options({
        text: 'aaaa bbbb',
        styles: [
          { end: 5, style: 0 },
          { end: 9, style: 1 },
        ],
      }),
      styled,
    );
    expect(result.lines.map((line) => lineText('aaaa bbbb', line))).toEqual(['aaaa', 'bbbb']);
    expect(result.lines[1].width).toBe(80);
  });
});

describe('fitText: sizing and truncation', () => {
  it('keeps the size when the text fits', () => {
    expect(fitText(options({ text: 'hello' }), measure)).toMatchObject({ fontSize: 20, truncated: false });
    expect(wrap('hello')).toEqual(['hello']);
  });

  it('shrinks to the largest size that fits with autoFit', () => {
    // 30 chars; at 20px 10/line → 3 lines > maxLines 2; at 13px 15 chars/line → 2 lines.
    const result = fitText(options({ text: 'a'.repeat(30), maxLines: 2, autoFit: true, minFontSize: 8 }), measure);
    expect(result.truncated).toBe(false);
    expect(result.lines.length).toBeLessThanOrEqual(2);
    expect(result.fontSize).toBe(13);
  });

  it('respects the box height as well as maxLines', () => {
    // Two lines are needed; 45px holds two 20px lines, 35px only one.
    expect(wrap('aaaa bbbb cccc', { height: 45 })).toEqual(['aaaa bbbb', 'cccc']);
    const result = fitText(options({ text: 'aaaa bbbb cccc', height: 35 }), measure);
    expect(result.truncated).toBe(true);
    expect(result.lines.map((line) => lineText('aaaa bbbb cccc', line))).toEqual(['aaaa bbbb…']);
  });

  it('ellipsizes when it still does not fit at minFontSize', () => {
    const text = 'word '.repeat(40);
    const result = fitText(options({ text, maxLines: 2, autoFit: true, minFontSize: 16 }), measure);
    expect(result.fontSize).toBe(16);
    expect(result.truncated).toBe(true);
    expect(result.lines).toHaveLength(2);
    const drawn = result.lines.map((line) => lineText(text, line));
    expect(drawn[1].endsWith(ELLIPSIS)).toBe(true);
    for (const line of drawn) expect(measure(line, 16, 0)).toBeLessThanOrEqual(100);
  });

  it('ellipsizes at the given size without autoFit', () => {
    expect(wrap('a'.repeat(50), { maxLines: 1 })).toEqual(['a'.repeat(9) + ELLIPSIS]);
  });

  it('fits and ellipsizes styled ranges (spans) as one paragraph, each measured in its own style', () => {
    // Style 1 is twice as wide: "aaaa " 50px + "bbbbbbbb" 160px at 20px. Two lines of 100px at most.
    const styled: MeasureText = (value, fontSize, style) => Array.from(value).length * (fontSize / 2) * (style === 1 ? 2 : 1);
    const text = 'aaaa bbbb bbbb bbbb';
    const styles = [
      { end: 5, style: 0 },
      { end: text.length, style: 1 },
    ];
    // autoFit shrinks the whole paragraph until both styles fit together on two lines.
    const fitted = fitText(options({ text, styles, maxLines: 2, autoFit: true, minFontSize: 8 }), styled);
    expect(fitted.truncated).toBe(false);
    expect(fitted.fontSize).toBe(11);
    expect(fitted.lines).toHaveLength(2);
    // At its minimum size it does not fit: the styled text is cut with one ellipsis, within the width.
    const cut = fitText(options({ text, styles, maxLines: 1, autoFit: true, minFontSize: 16 }), styled);
    expect(cut).toMatchObject({ fontSize: 16, truncated: true });
    expect(cut.lines).toHaveLength(1);
    expect(lineText(text, cut.lines[0]).endsWith(ELLIPSIS)).toBe(true);
    expect(cut.lines[0].width).toBeLessThanOrEqual(100);
  });

  it('draws nothing for empty text, or in a box too short for one line', () => {
    expect(fitText(options({ text: '' }), measure)).toEqual({ fontSize: 20, lines: [], truncated: false });
    expect(fitText(options({ text: 'abc', height: 10, autoFit: true, minFontSize: 12 }), measure)).toEqual({ fontSize: 12, lines: [], truncated: true });
  });
});

describe('fitText: cost (issue 15: layout must not be quadratic)', () => {
  // The heaviest valid layer: 5,000 characters, fontSize 1000 down to 1, in boxes of every shape.
  const latin = 'lorem ipsum dolor sit amet consectetur adipiscing elit '.repeat(100).slice(0, 5000);
  const cjk = Array.from({ length: 5000 }, (_, index) => String.fromCodePoint(0x4e00 + ((index * 7919) % 20000))).join('');
  const spaceless = 'x'.repeat(5000);
  const boxes = [
    { width: 8192, height: 1 },
    { width: 8192, height: 8192 },
    { width: 100, height: 8192 },
    { width: 8192, height: 30 },
  ];

  it.each([
    ['Latin', latin],
    ['CJK', cjk],
    ['one long word', spaceless],
  ])('measures %s text O(n) characters in total, whatever the box', (_name, text) => {
    for (const box of boxes) {
      let calls = 0;
      let characters = 0;
      const counting: MeasureText = (value, fontSize, style) => {
        calls++;
        characters += value.length;
        return measure(value, fontSize, style);
      };
      const result = fitText(options({ text, ...box, fontSize: 1000, minFontSize: 1, autoFit: true, lineHeight: 1.2 }), counting);
      expect(result.fontSize).toBeGreaterThanOrEqual(1);
      // Each segment once plus each grapheme at most once (emergency breaks, the ellipsis): before this
      // layout, a 5,000-character CJK layer measured ~2.6 million characters in ~11,000 calls per 1,000.
      expect(calls).toBeLessThanOrEqual(2 * text.length + 10);
      expect(characters).toBeLessThanOrEqual(3 * text.length + 10);
    }
  });
});

describe('runMeasurer: a placed line', () => {
  it('measures a line mixing ideographs, Latin and stand-ins piece by piece, each stand-in and ideograph advance once', () => {
    const standIn = MISSING_GLYPH_STAND_IN;
    const line = `ab水火${standIn}ab${standIn}${standIn}土木ab`;
    const measured: string[] = [];
    const counting: MeasureText = (value, fontSize, style) => {
      measured.push(value);
      return measure(value, fontSize, style);
    };
    const width = runMeasurer(options({ text: line }), counting, 20)(line, 0);
    // The same width as measuring the whole line (every code point fontSize/2 here) …
    expect(width).toBe(measure(line, 20, 0));
    // … but Skia never gets the line, nor a piece mixing classes: "ab" once (remembered), the stand-in once, and
    // one sample of the line's ideographs for their shared advance.
    expect(measured.sort()).toEqual(['ab', standIn, '水火土木'].sort());
  });
});
