import { canvasAction, historyShortcut } from './keyboard';
import { isTextField, KeyPress, SHORTCUTS, shortcutFor } from './shortcuts';

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

describe('shortcut table', () => {
  it('has one entry per command, each with keys and a label for the help panel', () => {
    const commands = SHORTCUTS.map((shortcut) => shortcut.command);
    expect(new Set(commands).size).toBe(commands.length);
    for (const shortcut of SHORTCUTS) expect(shortcut.keys.length * shortcut.label.length).toBeGreaterThan(0);
  });

  it('finds the editor commands, with and without Cmd', () => {
    const press = (key: string, extra: Partial<KeyPress> = {}) => shortcutFor({ key, shiftKey: false, ...extra }, 'editor')?.command ?? null;
    expect(press('c', { ctrlKey: true })).toBe('copy');
    expect(press('x', { metaKey: true })).toBe('cut');
    expect(press('v', { ctrlKey: true })).toBe('paste');
    expect(press('d', { ctrlKey: true })).toBe('duplicate');
    expect(press('L', { ctrlKey: true, shiftKey: true })).toBe('lock');
    expect(press('l', { ctrlKey: true })).toBeNull();
    expect(press('?', { shiftKey: true })).toBe('help');
    expect(press(']', { ctrlKey: true })).toBe('forward');
    expect(press('[', { metaKey: true })).toBe('backward');
    expect(press('=', { ctrlKey: true })).toBe('zoom-in');
    expect(press('c')).toBeNull();
  });

  it('opens the context menu from the canvas with Shift+F10 or the Menu key', () => {
    expect(canvasAction({ key: 'F10', shiftKey: true })).toEqual({ kind: 'menu' });
    expect(canvasAction({ key: 'ContextMenu', shiftKey: false })).toEqual({ kind: 'menu' });
    expect(canvasAction({ key: 'F10', shiftKey: false })).toBeNull();
  });

  it('tells a text field from the canvas', () => {
    expect(isTextField(null)).toBe(false);
    expect(isTextField({ closest: (selector: string) => (selector.includes('textarea') ? {} : null) } as unknown as EventTarget)).toBe(true);
  });
});
