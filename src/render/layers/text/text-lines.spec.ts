import { fitText, MeasureText, StyleRange } from '../../renderer/text-layout';
import { LinePlacement, placeLines, PlacedLine } from './text-lines';

// Every UTF-16 unit is half the font size wide; style 1 is twice as wide.
const measure: MeasureText = (text, fontSize, style) => text.length * (fontSize / 2) * (style === 1 ? 2 : 1);

const lay = (text: string, overrides: Partial<LinePlacement> & { maxLines?: number; ranges?: StyleRange[] } = {}) => {
  const ranges = overrides.ranges ?? [{ end: text.length, style: 0 }];
  const fit = fitText({ text, width: 200, height: 1000, fontSize: 20, minFontSize: 20, autoFit: false, lineHeight: 1, maxLines: overrides.maxLines ?? null, styles: ranges }, measure);
  return placeLines({ text, ranges, fit, direction: 'auto', align: 'left', x: 0, width: 200, measureRun: (value, style) => measure(value, 20, style), ...overrides });
};

/** What the line shows, left to right (right-to-left runs read backwards). */
const screen = (line: PlacedLine) => line.runs.map((run) => (run.rtl ? Array.from(run.text).reverse().join('') : run.text)).join('');

describe('placeLines', () => {
  it('ends a cut right-to-left line with the ellipsis on its left, and a left-to-right one on its right', () => {
    const [hebrew] = lay('שלום עולם '.repeat(10), { maxLines: 1 });
    expect(hebrew.rtl).toBe(true);
    expect(screen(hebrew).startsWith('…')).toBe(true);
    const [english] = lay('hello world '.repeat(10), { maxLines: 1 });
    expect(screen(english).endsWith('…')).toBe(true);
  });

  it('puts "!" and "₪" at the end a Hebrew reader expects (the left)', () => {
    const [line] = lay('מחיר 50₪!');
    expect(screen(line)).toBe('!50₪ ריחמ');
  });

  it('keeps an English phrase in order inside an Arabic line that starts in Arabic', () => {
    const [line] = lay('مرحبا hello world');
    expect(screen(line)).toBe('hello world ابحرم');
    expect(line.runs[0]).toMatchObject({ text: 'hello world', rtl: false });
  });

  it('aligns start and end to the paragraph’s own sides', () => {
    const [rtlStart] = lay('שלום', { align: 'start' });
    expect(rtlStart.right).toBe(200);
    const [rtlEnd] = lay('שלום', { align: 'end' });
    expect(rtlEnd.left).toBe(0);
    const [ltrEnd] = lay('hello', { align: 'end' });
    expect(ltrEnd.right).toBe(200);
    const [forced] = lay('שלום', { align: 'start', direction: 'ltr' });
    expect(forced.left).toBe(0);
  });

  it('justifies every line of a paragraph but its last, widening only the spaces', () => {
    const lines = lay('aaaa bb cc dddd eeee ff gg hhh', { align: 'justify' });
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(0, -1)) {
      expect(line.left).toBe(0);
      expect(line.right).toBeCloseTo(200, 6);
      // Runs keep their own widths; only the gaps between words grow.
      for (const run of line.runs) expect(run.width).toBe(measure(run.text, 20, 0));
    }
    expect(lines[lines.length - 1].right).toBeLessThan(200);
  });

  it('draws each span style as its own run, in place', () => {
    const [line] = lay('ab cd', { ranges: [{ end: 3, style: 0 }, { end: 5, style: 1 }] });
    expect(line.runs.map((run) => [run.text, run.style, run.x])).toEqual([['ab ', 0, 0], ['cd', 1, 30]]);
  });
});
