/** What a key means; the studio's shortcuts are pure functions of the key so they test without a browser. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

export type CanvasAction = { kind: 'nudge'; dx: number; dy: number } | { kind: 'delete' } | { kind: 'deselect' };

const DIRECTIONS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** A key on the canvas with a layer selected: arrows nudge by 1 (10 with Shift), Delete/Backspace delete, Escape deselects. */
export function canvasAction(press: KeyPress): CanvasAction | null {
  const direction = DIRECTIONS[press.key];
  if (direction) {
    const step = press.shiftKey ? 10 : 1;
    return { kind: 'nudge', dx: direction[0] * step, dy: direction[1] * step };
  }
  if (press.key === 'Delete' || press.key === 'Backspace') return { kind: 'delete' };
  if (press.key === 'Escape') return { kind: 'deselect' };
  return null;
}

/** Ctrl/Cmd+Z undoes; Shift+Ctrl/Cmd+Z and Ctrl/Cmd+Y redo. */
export function historyShortcut(press: KeyPress): 'undo' | 'redo' | null {
  if (!(press.ctrlKey || press.metaKey)) return null;
  const key = press.key.toLowerCase();
  if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
  return key === 'y' ? 'redo' : null;
}
