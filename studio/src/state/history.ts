/** Undo/redo over immutable snapshots. A gesture (drag, typing) replaces its own step instead of adding steps. */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** Steps with the same key in a row coalesce into one (null: never). */
  lastKey: string | null;
}

export const HISTORY_LIMIT = 200;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null };
}

/** A new state. With a `key` equal to the previous step's, it amends that step (one undo undoes the gesture). */
export function record<T>(history: History<T>, next: T, key: string | null = null): History<T> {
  if (next === history.present) return history;
  if (key !== null && key === history.lastKey) return { ...history, present: next, future: [] };
  const past = [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: key };
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  const previous = history.past[history.past.length - 1];
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], lastKey: null };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...rest] = history.future;
  return { past: [...history.past, history.present], present: next, future: rest, lastKey: null };
}

/** Ends a coalescing gesture: the next step is a new one even with the same key. */
export function seal<T>(history: History<T>): History<T> {
  return history.lastKey === null ? history : { ...history, lastKey: null };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;
