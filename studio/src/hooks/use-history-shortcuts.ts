import { useEffect } from 'preact/hooks';
import { historyShortcut } from '../state/keyboard';

/** Undo/redo shortcuts anywhere on the page but in a form control, which keeps its own text undo. */
export function useHistoryShortcuts(onUndo: () => void, onRedo: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.target as HTMLElement).closest('input, textarea, select')) return;
      const action = historyShortcut(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'undo') onUndo();
      else onRedo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onUndo, onRedo]);
}
