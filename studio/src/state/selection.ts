/**
 * The selected layer, by name. `serial` changes when another layer is selected, not when the selected one is
 * renamed: the properties panel is keyed by it, so its fields start afresh for another layer but keep the focus
 * (and what is being typed) while the layer's own name is edited.
 */
export interface Selection {
  name: string | null;
  serial: number;
}

export const NO_SELECTION: Selection = { name: null, serial: 0 };

export function selectLayer(selection: Selection, name: string | null): Selection {
  return selection.name === name ? selection : { name, serial: selection.serial + 1 };
}

/** The selected layer now has `name`: the same selection. */
export function renameSelected(selection: Selection, name: string): Selection {
  return { ...selection, name };
}
