import { zoomShortcut } from './zoom';

/** What a key means; the studio's shortcuts are pure functions of the key so they test without a browser. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export type Command =
  | 'undo'
  | 'redo'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'duplicate'
  | 'lock'
  | 'forward'
  | 'backward'
  | 'select-all'
  | 'zoom-in'
  | 'zoom-out'
  | 'zoom-fit'
  | 'help'
  | 'menu'
  | 'nudge'
  | 'nudge-far'
  | 'delete'
  | 'deselect';

/**
 * Where a shortcut works: `editor` anywhere but in a text field (which keeps its own keys), `canvas` when the
 * canvas has the focus and a layer is selected.
 */
export type Scope = 'editor' | 'canvas';

export interface Shortcut {
  command: Command;
  scope: Scope;
  /** As the help panel shows it. */
  keys: string;
  label: string;
  matches: (press: KeyPress) => boolean;
}

const mod = (press: KeyPress) => Boolean(press.ctrlKey || press.metaKey);
const key = (press: KeyPress) => press.key.toLowerCase();
const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

/**
 * Every keyboard shortcut of the studio: the key handlers find their command here and the `?` panel lists this
 * table, so what the panel says is what the keys do. The first match wins.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  { command: 'undo', scope: 'editor', keys: 'Ctrl/Cmd+Z', label: 'Undo', matches: (press) => mod(press) && key(press) === 'z' && !press.shiftKey },
  {
    command: 'redo',
    scope: 'editor',
    keys: 'Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y',
    label: 'Redo',
    matches: (press) => mod(press) && ((key(press) === 'z' && press.shiftKey) || key(press) === 'y'),
  },
  {
    command: 'copy',
    scope: 'editor',
    keys: 'Ctrl/Cmd+C',
    label: 'Copy the selected layers',
    matches: (press) => mod(press) && !press.shiftKey && key(press) === 'c',
  },
  {
    command: 'cut',
    scope: 'editor',
    keys: 'Ctrl/Cmd+X',
    label: 'Cut the selected layers',
    matches: (press) => mod(press) && !press.shiftKey && key(press) === 'x',
  },
  {
    command: 'paste',
    scope: 'editor',
    keys: 'Ctrl/Cmd+V',
    label: 'Paste layers (also copied in another template)',
    matches: (press) => mod(press) && !press.shiftKey && key(press) === 'v',
  },
  { command: 'duplicate', scope: 'editor', keys: 'Ctrl/Cmd+D', label: 'Duplicate the selected layers', matches: (press) => mod(press) && key(press) === 'd' },
  {
    command: 'lock',
    scope: 'editor',
    keys: 'Ctrl/Cmd+Shift+L',
    label: 'Lock or unlock the selected layers',
    matches: (press) => mod(press) && press.shiftKey && key(press) === 'l',
  },
  { command: 'forward', scope: 'editor', keys: 'Ctrl/Cmd+]', label: 'Bring forward', matches: (press) => mod(press) && press.key === ']' },
  { command: 'backward', scope: 'editor', keys: 'Ctrl/Cmd+[', label: 'Send backward', matches: (press) => mod(press) && press.key === '[' },
  {
    command: 'select-all',
    scope: 'editor',
    keys: 'Ctrl/Cmd+A',
    label: 'Select every layer',
    matches: (press) => mod(press) && !press.shiftKey && key(press) === 'a',
  },
  { command: 'zoom-in', scope: 'editor', keys: 'Ctrl/Cmd+= or Ctrl+wheel up', label: 'Zoom in', matches: (press) => zoomShortcut(press) === 'in' },
  { command: 'zoom-out', scope: 'editor', keys: 'Ctrl/Cmd+- or Ctrl+wheel down', label: 'Zoom out', matches: (press) => zoomShortcut(press) === 'out' },
  { command: 'zoom-fit', scope: 'editor', keys: 'Ctrl/Cmd+0', label: 'Fit the design in view', matches: (press) => zoomShortcut(press) === 'fit' },
  { command: 'help', scope: 'editor', keys: '?', label: 'Show these shortcuts', matches: (press) => press.key === '?' && !mod(press) },
  {
    command: 'menu',
    scope: 'canvas',
    keys: 'Shift+F10 or the Menu key',
    label: 'Open the context menu of the selection',
    matches: (press) => press.key === 'ContextMenu' || (press.key === 'F10' && press.shiftKey),
  },
  {
    command: 'nudge',
    scope: 'canvas',
    keys: 'Arrow keys',
    label: 'Move the selection by 1 pixel',
    matches: (press) => ARROWS.includes(press.key) && !press.shiftKey && !mod(press),
  },
  {
    command: 'nudge-far',
    scope: 'canvas',
    keys: 'Shift+Arrow keys',
    label: 'Move the selection by 10 pixels',
    matches: (press) => ARROWS.includes(press.key) && press.shiftKey && !mod(press),
  },
  {
    command: 'delete',
    scope: 'canvas',
    keys: 'Delete or Backspace',
    label: 'Delete the selected layers',
    matches: (press) => press.key === 'Delete' || press.key === 'Backspace',
  },
  {
    command: 'deselect',
    scope: 'canvas',
    keys: 'Escape',
    label: 'Deselect (or close a menu, a dialog, the text editor)',
    matches: (press) => press.key === 'Escape',
  },
];

/** The shortcut `press` stands for in `scope`, or null. */
export function shortcutFor(press: KeyPress, scope: Scope): Shortcut | null {
  return SHORTCUTS.find((shortcut) => shortcut.scope === scope && shortcut.matches(press)) ?? null;
}

/** Focus in a text field keeps the field's own keys (copy, paste, undo of its text). */
export function isTextField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest?.('input, textarea, select, [contenteditable="true"]'));
}
