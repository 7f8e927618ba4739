import { useEffect, useRef } from 'preact/hooks';
import { SHORTCUTS } from '../state/shortcuts';

/** The `?` panel: every keyboard shortcut, straight from the table the key handlers use. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // The dialog itself takes the focus, so it opens at its top and Tab reaches Close.
    dialog.current?.focus();
    return () => opener?.focus({ preventScroll: true });
  }, []);
  return (
    <div class="modal-backdrop" onPointerDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        class="shortcuts-help"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-title"
        tabIndex={-1}
        ref={dialog}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Escape') onClose();
        }}
      >
        <div class="shortcuts-head">
          <h2 id="shortcuts-title">Keyboard shortcuts</h2>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
        <table>
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Does</th>
              <th scope="col">Where</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.command}>
                <td>
                  <kbd>{shortcut.keys}</kbd>
                </td>
                <td>{shortcut.label}</td>
                <td class="muted">{shortcut.scope === 'canvas' ? 'Canvas' : 'Editor'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p class="muted">
          Editor keys work anywhere but in a text field; canvas keys when the canvas has the focus and a layer is selected. Mouse: drag on empty canvas to
          select with a box (Shift adds); drag the round handle above a layer to rotate it (Shift: 15° steps); double-click a text layer to edit its text;
          right-click for the menu.
        </p>
      </div>
    </div>
  );
}
