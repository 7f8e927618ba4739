import { KeyPress, shortcutFor } from './shortcuts';

export type { KeyPress } from './shortcuts';

export type CanvasAction = { kind: 'nudge'; dx: number; dy: number } | { kind: 'delete' } | { kind: 'deselect' } | { kind: 'menu' };

const DIRECTIONS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * A key on the canvas with a layer selected (the shortcut table's canvas entries): arrows nudge by 1 (10 with
 * Shift), Delete/Backspace delete, Escape deselects, Shift+F10 or the Menu key opens the context menu.
 */
export function canvasAction(press: KeyPress): CanvasAction | null {
  const shortcut = shortcutFor(press, 'canvas');
  if (!shortcut) return null;
  if (shortcut.command === 'nudge' || shortcut.command === 'nudge-far') {
    const step = shortcut.command === 'nudge-far' ? 10 : 1;
    const [dx, dy] = DIRECTIONS[press.key];
    return { kind: 'nudge', dx: dx * step, dy: dy * step };
  }
  if (shortcut.command === 'delete' || shortcut.command === 'deselect' || shortcut.command === 'menu') return { kind: shortcut.command };
  return null;
}

/** Ctrl/Cmd+Z undoes; Shift+Ctrl/Cmd+Z and Ctrl/Cmd+Y redo. */
export function historyShortcut(press: KeyPress): 'undo' | 'redo' | null {
  const command = shortcutFor(press, 'editor')?.command;
  return command === 'undo' || command === 'redo' ? command : null;
}
