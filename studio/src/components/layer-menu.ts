import type { LayerCommands } from '../hooks/use-layer-commands';
import { Command, SHORTCUTS } from '../state/shortcuts';
import type { MenuItem } from './context-menu';

const keysOf = (command: Command) => SHORTCUTS.find((shortcut) => shortcut.command === command)?.keys;

/** The context menu's items for the selection (none: Paste alone does something), with the keys that do the same. */
export function layerMenuItems(commands: LayerCommands, selected: number): MenuItem[] {
  const none = selected === 0;
  const item = (label: string, command: Command, run: () => unknown, disabled = none): MenuItem => ({
    label,
    keys: keysOf(command),
    disabled,
    run: () => void run(),
  });
  return [
    item('Cut', 'cut', commands.cut),
    item('Copy', 'copy', commands.copy),
    item('Paste', 'paste', commands.paste, !commands.canAdd),
    item('Duplicate', 'duplicate', commands.duplicate, none || !commands.canAdd),
    item('Delete', 'delete', commands.remove),
    item(commands.allLocked ? 'Unlock' : 'Lock', 'lock', commands.lock),
    item('Bring forward', 'forward', commands.forward),
    item('Send backward', 'backward', commands.backward),
  ];
}
