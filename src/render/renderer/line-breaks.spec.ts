import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { breakOpportunities } from './line-breaks';
import { fitText, lineText, MeasureText, TextFitOptions } from './text-layout';

/** The pieces of `text` between its break opportunities. */
const pieces = (text: string) => {
  let start = 0;
  return breakOpportunities(text).map(({ position }) => text.slice(start, (start = position)));
};

// One unit per UTF-16 code unit at 10px, so "how many fit" is easy to read.
const measure: MeasureText = (text, fontSize) => text.length * (fontSize / 2);
const wrap = (text: string, width: number, overrides: Partial<TextFitOptions> = {}) => {
  const options = { text, width, height: 10_000, fontSize: 10, minFontSize: 10, autoFit: false, lineHeight: 1, maxLines: null, ...overrides };
  return fitText(options, measure).lines.map((line) => lineText(text, line));
};

describe('line breaking (UAX #14, contract §15)', () => {
  it('never breaks at a no-break space: "100 km" stays whole', () => {
    for (const space of ['\u00A0', '\u202F']) {
      const text = `Distance 100${space}km today`;
      expect(pieces(text)).toEqual(['Distance ', `100${space}km `, 'today']);
      // 5px per unit: "Distance 100" fits in 60px, but the no-break space glues "100 km" together.
      expect(wrap(text, 60)).toEqual(['Distance', `100${space}km today`]);
    }
  });

  it('never starts a Japanese line with closing punctuation nor ends one with opening punctuation', () => {
    const text = '東京都「新宿」区。次の行、(括弧)です';
    for (let width = 10; width <= 90; width += 5) {
      for (const line of wrap(text, width)) {
        expect(line).not.toMatch(/^[。、」)]/u);
        expect(line).not.toMatch(/[「(]$/u);
      }
    }
  });

  it('breaks before 〜 and ゠ in Chinese and Japanese (lang), nowhere else (CSS line-break: normal)', () => {
    const text = '東京〜大阪゠線';
    const before = (lang?: string) => breakOpportunities(text, undefined, lang).map(({ position }) => position);
    for (const lang of ['ja', 'ja-JP', 'zh', 'zh-Hant-TW']) expect(before(lang)).toEqual(expect.arrayContaining([2, 5]));
    for (const lang of [undefined, 'en', 'ko', 'jav']) {
      expect(before(lang)).not.toContain(2);
      expect(before(lang)).not.toContain(5);
    }
    // Laid out 2 units a line: in Japanese 〜 may start a line; in English it stays with 京.
    expect(wrap(text, 10, { lang: 'ja' })).toEqual(['東京', '〜大', '阪゠', '線']);
    expect(wrap(text, 10, { lang: 'en' })).not.toContain('〜大');
  });

  it('breaks a long URL after / - ? & before anywhere else', () => {
    const url = 'https://example.com/articles/long-title?lang=en&ref=newsletter';
    expect(pieces(url)).toEqual(['https://', 'example.com/', 'articles/', 'long-', 'title?', 'lang=en&', 'ref=newsletter']);
    // 20 units a line: every line ends after one of those characters.
    for (const line of wrap(url, 100).slice(0, -1)) expect(line).toMatch(/[/\-?&]$/u);
  });

  it('breaks Thai between words, not between letters or anywhere', () => {
    expect(pieces('ภาษาไทยง่ายนิดเดียว')).toEqual(['ภาษา', 'ไทย', 'ง่าย', 'นิด', 'เดียว']);
    const lines = wrap('ภาษาไทยง่ายนิดเดียว', 40); // 8 units a line
    expect(lines).toEqual(['ภาษาไทย', 'ง่ายนิด', 'เดียว']);
  });

  it('breaks Lao and Khmer between words too', () => {
    expect(pieces('ພາສາລາວງ່າຍ')).toEqual(['ພາສາ', 'ລາວ', 'ງ່າຍ']);
    expect(pieces('ភាសាខ្មែរងាយស្រួល')).toEqual(['ភាសាខ្មែរ', 'ងាយស្រួល']);
  });

  it('never breaks inside a grapheme cluster (ZWJ emoji, flags, skin tones, combining marks)', () => {
    const clusters = ['👨‍👩‍👧‍👦', '🇯🇵', '👍🏽', 'e\u0301', '\u0915\u094D\u0937'];
    const text = clusters.join('');
    for (const { position } of breakOpportunities(text)) {
      let offset = 0;
      const atBoundary = clusters.some((cluster) => (offset += cluster.length) === position);
      expect(atBoundary).toBe(true);
    }
    // Even an emergency break (a "word" wider than the line) keeps clusters whole.
    const lines = wrap('x' + clusters.join('x'), 10);
    for (const cluster of clusters) expect(lines.some((line) => line.includes(cluster))).toBe(true);
  });

  it('marks newlines as required breaks, and ends with the end of the text', () => {
    expect(breakOpportunities('a\nb\r\nc')).toEqual([
      { position: 2, required: true },
      { position: 5, required: true },
      { position: 6, required: false },
    ]);
  });
});

describe('Unicode LineBreakTest (the cases that apply; see the fixture header)', () => {
  const cases = readFileSync(join(__dirname, '..', '..', '..', 'test', 'fixtures', 'unicode', 'line-break-test.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));

  it('has a few hundred cases', () => expect(cases.length).toBeGreaterThanOrEqual(300));

  it.each(cases)('%s', (line) => {
    let text = '';
    const expected: number[] = [];
    for (const token of line.split(/\s+/)) {
      if (token === '÷') {
        if (text.length > 0) expected.push(text.length);
      } else if (token !== '×') {
        text += String.fromCodePoint(parseInt(token, 16));
      }
    }
    expect(breakOpportunities(text).map(({ position }) => position)).toEqual(expected);
  });
});
