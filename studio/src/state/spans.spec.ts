import { addSpan, moveSpan, removeSpan, setSpanField, spansValue } from './spans';

describe('styled runs', () => {
  const runs = [{ text: 'Hello ' }, { text: 'bold', fontWeight: 700 }, { text: '!' }];

  it('adds, removes and reorders runs', () => {
    expect(addSpan([])).toEqual([{ text: 'Text' }]);
    expect(addSpan(runs)).toHaveLength(4);
    expect(removeSpan(runs, 1).map((span) => span.text)).toEqual(['Hello ', '!']);
    expect(moveSpan(runs, 1, -1).map((span) => span.text)).toEqual(['bold', 'Hello ', '!']);
    expect(moveSpan(runs, 2, 1).map((span) => span.text)).toEqual(['Hello ', 'bold', '!']);
  });

  it('sets and clears one field of one run, leaving the others', () => {
    const next = setSpanField(runs, 0, 'color', '#ff0000');
    expect(next[0]).toEqual({ text: 'Hello ', color: '#ff0000' });
    expect(setSpanField(next, 0, 'color', undefined)[0]).toEqual({ text: 'Hello ' });
    expect(runs[0]).toEqual({ text: 'Hello ' });
  });

  it('treats no runs as no spans', () => {
    expect(spansValue([])).toBeUndefined();
    expect(spansValue(runs)).toEqual(runs);
  });
});
