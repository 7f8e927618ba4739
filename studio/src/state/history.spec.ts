import { canRedo, canUndo, createHistory, HISTORY_LIMIT, record, redo, seal, undo } from './history';

describe('editor history', () => {
  it('undoes and redoes steps in order, and a new step clears the redo list', () => {
    let history = createHistory('a');
    history = record(history, 'b');
    history = record(history, 'c');
    expect(history.present).toBe('c');
    history = undo(history);
    expect(history.present).toBe('b');
    expect(canRedo(history)).toBe(true);
    history = undo(history);
    expect(history.present).toBe('a');
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe('b');
    history = record(history, 'd');
    expect(canRedo(history)).toBe(false);
    expect(redo(history).present).toBe('d');
  });

  it('coalesces a gesture (same key) into one step until sealed', () => {
    let history = createHistory(0);
    history = record(history, 1, 'drag');
    history = record(history, 2, 'drag');
    history = record(history, 3, 'drag');
    expect(history.past).toEqual([0]);
    history = seal(history);
    history = record(history, 4, 'drag');
    expect(history.past).toEqual([0, 3]);
    expect(undo(history).present).toBe(3);
    expect(undo(undo(history)).present).toBe(0);
  });

  it('ignores a step that changes nothing and keeps a bounded past', () => {
    const history = createHistory({ value: 1 });
    expect(record(history, history.present)).toBe(history);
    let long = createHistory(0);
    for (let index = 1; index <= HISTORY_LIMIT + 10; index++) long = record(long, index);
    expect(long.past.length).toBe(HISTORY_LIMIT);
    expect(long.past[0]).toBe(10);
  });
});
