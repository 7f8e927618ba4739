import { sampleText } from './sample-text';

describe('sampleText: what the drawing check draws', () => {
  it('skips marks, spaces and controls, and spreads over the coverage', () => {
    const sample = sampleText([
      [0x0300, 0x036f], // combining marks only
      [0x2000, 0x200f], // spaces and format controls
      [0x0041, 0x005a],
      [0x05d0, 0x05ea],
    ]);
    expect(sample).toMatch(/^[A-Z\u05d0-\u05ea]+$/u);
    expect(sample).toMatch(/[A-Z]/);
    expect(sample).toMatch(/[\u05d0-\u05ea]/);
  });

  it('takes at most 64 characters from a coverage of every code point, in bounded time', () => {
    const started = performance.now();
    const sample = [...sampleText([[0, 0x10ffff]])];
    expect(performance.now() - started).toBeLessThan(200);
    expect(sample.length).toBeGreaterThan(8);
    expect(sample.length).toBeLessThanOrEqual(64);
    expect(sample.every((character) => /[\p{L}\p{N}\p{P}\p{S}\p{Co}]/u.test(character))).toBe(true);
  });

  it('answers an empty sample when nothing covered draws', () => {
    expect(sampleText([[0x0300, 0x036f]])).toBe('');
  });
});
