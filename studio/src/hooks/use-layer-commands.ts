import { useState } from 'preact/hooks';
import { AlignEdge, alignLayers, distributeLayers, lockedNames, restack, toggleLocked } from '../state/arrange';
import { parseClipboard, pasteLayers, serializeLayers } from '../state/clipboard';
import { addCopies, Design, layerIndex, removeLayer } from '../state/design';
import type { Change } from './use-template-document';
import { readClipboard, writeClipboard } from './system-clipboard';

export interface LayerCommandsInput {
  design: Design;
  change: Change;
  /** The selected layers, the primary one first. */
  names: readonly string[];
  /** Replaces the selection (the first name becomes the primary one; none: nothing selected). */
  selectNames: (names: readonly string[]) => void;
  /** Layer types this studio may add (empty in an embed without addLayers: no paste, no duplicate). */
  types: readonly string[];
}

/**
 * What the toolbar, the context menu and the keys do to the selection: copy, cut, paste, duplicate, delete, lock,
 * layer order, align and distribute. Each is one change (one undo step); `notice` says why one did nothing.
 */
export function useLayerCommands({ design, change, names, selectNames, types }: LayerCommandsInput) {
  const [notice, setNotice] = useState<string | null>(null);
  const chosen = () => design.layers.filter((layer) => names.includes(layer.name));
  const locked = lockedNames(design);
  const canAdd = types.length > 0;

  const remove = () => {
    if (names.length === 0) return;
    let next = design;
    for (const name of names) next = removeLayer(next, layerIndex(next, name));
    change(next);
    selectNames([]);
  };
  const copy = async () => {
    const layers = chosen();
    if (layers.length === 0) return;
    await writeClipboard(serializeLayers(layers));
    setNotice(`Copied ${layers.length === 1 ? layers[0].name : `${layers.length} layers`}.`);
  };
  const paste = async () => {
    if (!canAdd) {
      setNotice('Adding layers is not allowed here; nothing was pasted.');
      return;
    }
    const layers = parseClipboard(await readClipboard(), types);
    if (!layers) {
      setNotice('The clipboard holds no Pictor layers; nothing was pasted.');
      return;
    }
    const pasted = pasteLayers(design, layers);
    change(pasted.design);
    selectNames(pasted.names);
    setNotice(null);
  };

  return {
    notice,
    clearNotice: () => setNotice(null),
    locked,
    canAdd,
    /** Every selected layer is locked (the control then offers Unlock). */
    allLocked: names.length > 0 && names.every((name) => locked.has(name)),
    copy,
    cut: async () => {
      if (names.length === 0) return;
      await copy();
      remove();
    },
    paste,
    remove,
    duplicate: () => {
      const layers = chosen();
      if (layers.length === 0 || !canAdd) return;
      const copies = addCopies(design, layers);
      change(copies.design);
      selectNames(copies.names);
    },
    lock: () => change(toggleLocked(design, names)),
    forward: () => change(restack(design, names, 'forward')),
    backward: () => change(restack(design, names, 'backward')),
    selectAll: () => selectNames(design.layers.map((layer) => layer.name).reverse()),
    align: (edge: AlignEdge) => change(alignLayers(design, names, edge, locked)),
    distribute: (axis: 'horizontal' | 'vertical') => change(distributeLayers(design, names, axis, locked)),
  };
}

export type LayerCommands = ReturnType<typeof useLayerCommands>;
