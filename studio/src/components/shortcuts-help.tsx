import { useEffect, useRef } from 'preact/hooks';
import { SHORTCUTS } from '../state/shortcuts';

/** The `?` panel: every keyboard shortcut, straight from the table the key handlers use. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => opener?.focus({ preventScroll: true });
  }, []);
  return (
    <div class="modal-backdrop" onPointerDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        class="shortcuts-help"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-title"
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Escape') onClose();
        }}
      >
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
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
                <td class="muted">{shortcut.scope === 'canvas' ? 'Canvas, with a layer selected' : 'Anywhere but a text field'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p class="muted">
          Mouse: drag on empty canvas to select with a box (Shift adds); drag the round handle above a layer to rotate it (Shift: 15° steps); double-click a
          text layer to edit its text; right-click for the menu.
        </p>
        <button type="button" ref={close} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
