import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paragraphLevelAt, resolveLevels, TextDirection, visualOrder, visualRuns } from './text-bidi';

/** The line as it reads on screen, left to right (each run's characters in visual order). */
const onScreen = (text: string, direction: TextDirection = 'auto') => {
  const resolved = resolveLevels(text, direction);
  const runs = visualRuns(text, resolved.levels, paragraphLevelAt(resolved, 0), 0, text.length);
  return visualOrder(runs)
    .map((offset) => text[offset])
    .join('');
};

describe('bidi (UAX #9) for text layers', () => {
  it("takes each paragraph's direction from its first strong character with auto", () => {
    const resolved = resolveLevels('שלום world\nhello עולם', 'auto');
    expect(paragraphLevelAt(resolved, 0)).toBe(1);
    expect(paragraphLevelAt(resolved, 12)).toBe(0);
    expect(paragraphLevelAt(resolveLevels('123 !', 'auto'), 0)).toBe(0);
    expect(paragraphLevelAt(resolveLevels('hello', 'rtl'), 0)).toBe(1);
  });

  it('puts "!", "₪" and a trailing emoji at the visual left end of a Hebrew sentence', () => {
    // Logical: שלום 50₪! 👋 — the sentence's end is on the left.
    const screen = onScreen('שלום 50₪! 👋');
    expect(screen.startsWith('👋')).toBe(true);
    // Reading left to right: emoji, space, "!", "50₪" as an LTR number group, space, the word reversed.
    expect(screen).toBe('👋 !50₪ םולש');
  });

  it('keeps numbers inside RTL text left to right', () => {
    expect(onScreen('מחיר 1234 שקל')).toBe('לקש 1234 ריחמ');
  });

  it('orders a line that starts in Arabic and ends in English by runs, not by characters', () => {
    // An Arabic paragraph (first strong is Arabic): the English words stay in their order, to the left.
    expect(onScreen('مرحبا hello world')).toBe('hello world ابحرم');
    // Forced LTR: the Arabic word comes first, on the left, and reads right to left.
    expect(onScreen('مرحبا hello world', 'ltr')).toBe('ابحرم hello world');
  });

  it('never splits a run across a cut, so styles and justified words draw separately', () => {
    const text = 'abc def';
    const resolved = resolveLevels(text, 'ltr');
    const runs = visualRuns(text, resolved.levels, 0, 0, text.length, (offset) => offset === 4);
    expect(runs.map((run) => text.slice(run.start, run.end))).toEqual(['abc ', 'def']);
  });
});

describe('Unicode BidiCharacterTest (levels and visual order; see the fixture header)', () => {
  const cases = readFileSync(join(__dirname, '..', '..', '..', 'test', 'fixtures', 'unicode', 'bidi-character-test.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));

  it('has a few hundred cases', () => expect(cases.length).toBeGreaterThanOrEqual(300));

  const directions: TextDirection[] = ['ltr', 'rtl', 'auto'];

  it.each(cases)('%s', (line) => {
    const [codePoints, direction, paragraphLevel, levelField, orderField] = line.split(';');
    const characters = codePoints.split(' ').map((hex) => String.fromCodePoint(parseInt(hex, 16)));
    const text = characters.join('');
    // Every character of these cases is one UTF-16 unit, so offsets and indexes coincide.
    expect(text.length).toBe(characters.length);
    const resolved = resolveLevels(text, directions[Number(direction)]);
    const level = paragraphLevelAt(resolved, 0);
    expect(level).toBe(Number(paragraphLevel));
    const expectedLevels = levelField.split(' ');
    const kept = (offset: number) => expectedLevels[offset] !== 'x';
    const runs = visualRuns(text, resolved.levels, level, 0, text.length);
    const levels = expectedLevels.map((expected, offset) =>
      expected === 'x' ? 'x' : String(runs.find((run) => run.start <= offset && offset < run.end)!.level),
    );
    expect(levels.join(' ')).toBe(levelField);
    expect(visualOrder(runs).filter(kept).join(' ')).toBe(orderField);
  });
});
