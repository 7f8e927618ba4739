import { useEffect, useRef } from 'preact/hooks';

export interface MenuItem {
  label: string;
  /** As the shortcut table shows it. */
  keys?: string;
  disabled?: boolean;
  run: () => void;
}

export interface ContextMenuProps {
  /** Where it opens, in viewport pixels. */
  at: { x: number; y: number };
  items: MenuItem[];
  onClose: () => void;
}

/**
 * A menu at the pointer (or at the selection when opened by key): the first item takes the focus, the arrow keys,
 * Home and End move it, Enter runs, Escape, Tab or a click elsewhere closes and gives the focus back.
 */
export function ContextMenu({ at, items, onClose }: ContextMenuProps) {
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const element = menu.current!;
    // Kept inside the window, whatever corner it was opened in.
    const bounds = element.getBoundingClientRect();
    if (bounds.bottom > window.innerHeight - 4) element.style.top = `${Math.max(4, window.innerHeight - 4 - bounds.height)}px`;
    if (bounds.right > window.innerWidth - 4) element.style.left = `${Math.max(4, window.innerWidth - 4 - bounds.width)}px`;
    element.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    window.addEventListener('pointerdown', outside, true);
    return () => {
      window.removeEventListener('pointerdown', outside, true);
      opener?.focus({ preventScroll: true });
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(menu.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (next: number) => buttons[(next + buttons.length) % buttons.length]?.focus();
    // The menu's keys are its own: none reaches the canvas or the editor's shortcuts.
    event.stopPropagation();
    if (event.key === 'ArrowDown') focus(index + 1);
    else if (event.key === 'ArrowUp') focus(index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(buttons.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
  };

  return (
    <ul class="context-menu" role="menu" aria-label="Layer actions" ref={menu} style={{ left: `${at.x}px`, top: `${at.y}px` }} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <li key={item.label} role="none">
          <button
            type="button"
            role="menuitem"
            disabled={item.disabled}
            onClick={() => {
              onClose();
              item.run();
            }}
          >
            <span>{item.label}</span>
            {item.keys && <kbd>{item.keys}</kbd>}
          </button>
        </li>
      ))}
    </ul>
  );
}
