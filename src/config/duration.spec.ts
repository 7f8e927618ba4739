import { parseDuration } from './duration';

describe('parseDuration', () => {
  it.each([
    ['15s', 15_000],
    ['500ms', 500],
    ['2m', 120_000],
    ['1h30m', 5_400_000],
    ['7d', 604_800_000],
    ['1.5s', 1500],
    ['30', 30_000],
    [' 10s ', 10_000],
    ['0s', 0],
  ])('reads %j as %d ms', (text, expected) => {
    expect(parseDuration(text)).toBe(expected);
  });

  it.each(['', 's', '-5s', '5 seconds', '5x', '1h 30m', 'ms5', '5S'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});
