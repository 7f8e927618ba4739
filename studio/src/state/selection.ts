/**
 * The selected layers, by name: `name` is the primary one (its properties are shown, it is dragged and nudged),
 * `others` the layers Shift+click added (aligned, distributed, duplicated with it). `serial` changes when another
 * primary layer is selected, not when the selected one is renamed: the properties panel is keyed by it, so its
 * fields start afresh for another layer but keep the focus (and what is being typed) while the name is edited.
 */
export interface Selection {
  name: string | null;
  serial: number;
  others: string[];
}

export const NO_SELECTION: Selection = { name: null, serial: 0, others: [] };

export function selectLayer(selection: Selection, name: string | null): Selection {
  return selection.name === name && selection.others.length === 0 ? selection : { name, serial: selection.serial + 1, others: [] };
}

/** Shift+click: adds the layer to the selection (it becomes the primary one), or takes it out when it was in it. */
export function toggleSelected(selection: Selection, name: string): Selection {
  const all = selectedNames(selection);
  if (all.includes(name)) {
    const rest = all.filter((item) => item !== name);
    return { name: rest[0] ?? null, serial: selection.serial + 1, others: rest.slice(1) };
  }
  return { name, serial: selection.serial + 1, others: all };
}

/** Several layers at once (duplicate, paste): the first is the primary one. */
export function selectMany(selection: Selection, names: readonly string[]): Selection {
  return { name: names[0] ?? null, serial: selection.serial + 1, others: names.slice(1) };
}

/** Every selected layer's name, the primary one first. */
export function selectedNames(selection: Selection): string[] {
  return selection.name === null ? [] : [selection.name, ...selection.others];
}

/** The selected layer now has `name`: the same selection. */
export function renameSelected(selection: Selection, name: string): Selection {
  return { ...selection, name };
}
