import { useEffect, useRef } from 'preact/hooks';
import { Command, isTextField, shortcutFor } from '../state/shortcuts';

/** A command's handler; `false` lets the key do what the browser does with it. */
export type CommandHandlers = Partial<Record<Command, () => boolean | void>>;

/** The shortcut table's editor commands, anywhere on the page but in a text field (which keeps its own keys). */
export function useEditorShortcuts(handlers: CommandHandlers): void {
  // The latest handlers, without re-adding the listener on every render.
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTextField(event.target)) return;
      const shortcut = shortcutFor(event, 'editor');
      const handler = shortcut && current.current[shortcut.command];
      if (!handler) return;
      if (handler() !== false) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
