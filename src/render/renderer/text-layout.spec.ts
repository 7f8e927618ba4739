import { ELLIPSIS, fitText, TextFitOptions, wrapText } from './text-layout';

// Every character is fontSize/2 wide: predictable without a real font.
const measure = (text: string, fontSize: number) => Array.from(text).length * (fontSize / 2);
const at20 = (text: string) => measure(text, 20);

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

describe('wrapText', () => {
  it('wraps at word boundaries without exceeding the width', () => {
    // 10 chars per line at 20px in 100px
    expect(wrapText('aaaa bbbb cccc dd', 100, at20)).toEqual(['aaaa bbbb', 'cccc dd']);
  });

  it('breaks a word longer than the line', () => {
    expect(wrapText('abcdefghijklmnopqrstuvwxy', 100, at20)).toEqual(['abcdefghij', 'klmnopqrst', 'uvwxy']);
  });

  it('breaks CJK runs between characters', () => {
    const lines = wrapText('你好世界你好世界你好世界', 100, at20);
    expect(lines).toEqual(['你好世界你好世界你好', '世界']);
  });

  it('never splits an emoji grapheme', () => {
    const family = '👨‍👩‍👧';
    const lines = wrapText('x'.repeat(9) + family, 100, at20);
    expect(lines.join('')).toBe('x'.repeat(9) + family);
    expect(lines.some((line) => line.includes(family))).toBe(true);
  });

  it('keeps explicit newlines and drops leading spaces of wrapped lines', () => {
    expect(wrapText('ab\ncd   ef', 100, at20)).toEqual(['ab', 'cd   ef']);
    expect(wrapText('aaaaaaaaa bbbb', 100, at20)).toEqual(['aaaaaaaaa', 'bbbb']);
  });
});

describe('fitText', () => {
  it('keeps the size when the text fits', () => {
    expect(fitText(options({ text: 'hello' }), measure)).toEqual({ fontSize: 20, lines: ['hello'], truncated: false });
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
    expect(fitText(options({ text: 'aaaa bbbb cccc', height: 45 }), measure)).toMatchObject({ lines: ['aaaa bbbb', 'cccc'], truncated: false });
    const result = fitText(options({ text: 'aaaa bbbb cccc', height: 35 }), measure);
    expect(result).toMatchObject({ lines: ['aaaa bbbb…'], truncated: true });
  });

  it('ellipsizes when it still does not fit at minFontSize', () => {
    const result = fitText(options({ text: 'word '.repeat(40), maxLines: 2, autoFit: true, minFontSize: 16 }), measure);
    expect(result.fontSize).toBe(16);
    expect(result.truncated).toBe(true);
    expect(result.lines).toHaveLength(2);
    expect(result.lines[1].endsWith(ELLIPSIS)).toBe(true);
    for (const line of result.lines) expect(measure(line, 16)).toBeLessThanOrEqual(100);
  });

  it('ellipsizes at the given size without autoFit', () => {
    const result = fitText(options({ text: 'a'.repeat(50), maxLines: 1 }), measure);
    expect(result).toEqual({ fontSize: 20, lines: ['a'.repeat(9) + ELLIPSIS], truncated: true });
  });

  it('draws nothing for empty text', () => {
    expect(fitText(options({ text: '' }), measure)).toEqual({ fontSize: 20, lines: [], truncated: false });
  });
});
