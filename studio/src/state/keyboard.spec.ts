import { canvasAction, historyShortcut } from './keyboard';

describe('studio keys', () => {
  it('nudges by 1, or 10 with Shift, in the arrow direction', () => {
    expect(canvasAction({ key: 'ArrowRight', shiftKey: false })).toEqual({ kind: 'nudge', dx: 1, dy: 0 });
    expect(canvasAction({ key: 'ArrowLeft', shiftKey: false })).toEqual({ kind: 'nudge', dx: -1, dy: 0 });
    expect(canvasAction({ key: 'ArrowUp', shiftKey: true })).toEqual({ kind: 'nudge', dx: 0, dy: -10 });
    expect(canvasAction({ key: 'ArrowDown', shiftKey: true })).toEqual({ kind: 'nudge', dx: 0, dy: 10 });
  });

  it('deletes with Delete or Backspace, deselects with Escape, ignores the rest', () => {
    expect(canvasAction({ key: 'Delete', shiftKey: false })).toEqual({ kind: 'delete' });
    expect(canvasAction({ key: 'Backspace', shiftKey: false })).toEqual({ kind: 'delete' });
    expect(canvasAction({ key: 'Escape', shiftKey: false })).toEqual({ kind: 'deselect' });
    expect(canvasAction({ key: 'a', shiftKey: false })).toBeNull();
  });

  it('undoes with Ctrl/Cmd+Z and redoes with Shift+Ctrl/Cmd+Z or Ctrl+Y, only with the modifier', () => {
    expect(historyShortcut({ key: 'z', shiftKey: false, ctrlKey: true })).toBe('undo');
    expect(historyShortcut({ key: 'z', shiftKey: false, metaKey: true })).toBe('undo');
    expect(historyShortcut({ key: 'Z', shiftKey: true, ctrlKey: true })).toBe('redo');
    expect(historyShortcut({ key: 'y', shiftKey: false, ctrlKey: true })).toBe('redo');
    expect(historyShortcut({ key: 'z', shiftKey: false })).toBeNull();
    expect(historyShortcut({ key: 'x', shiftKey: false, ctrlKey: true })).toBeNull();
  });
});
