import { useRef, useState } from 'preact/hooks';
import type { Grip } from '../components/layer-box';
import { Design, Layer, replaceLayer } from '../state/design';
import { Gesture, gestureBox, startGesture } from '../state/gesture';
import { layersInRect, Rect, rectBetween } from '../state/marquee';
import { rotationAt } from '../state/rotation';
import { Guides } from '../state/snapping';
import type { Change } from './use-template-document';

const NO_GUIDES: Guides = { vertical: [], horizontal: [] };
/** A pointer that moved less than this (screen pixels) on empty canvas clicked: no selection box. */
const CLICK_SLOP = 3;

interface Rotating {
  index: number;
  center: { x: number; y: number };
  key: string;
}

interface Boxing {
  origin: { x: number; y: number };
  additive: boolean;
  before: readonly string[];
}

/** What the canvas shares with its pointer: the design, the selection and how to change them. */
export interface CanvasSelection {
  design: Design;
  /** Every selected layer (the primary one and those Shift+click or the selection box added). */
  selectedNames: readonly string[];
  /** Locked layers: selectable, never dragged, resized, rotated or nudged. */
  locked: ReadonlySet<string>;
  select: (name: string | null) => void;
  /** Shift+click: add the layer to the selection, or take it out. */
  toggle: (name: string) => void;
  /** The selection box's layers (the first becomes the primary one). */
  selectNames: (names: readonly string[]) => void;
  change: Change;
  /** Ends a drag's undo step. */
  seal: () => void;
}

export interface CanvasPointerInput extends CanvasSelection {
  board: { current: HTMLDivElement | null };
  scale: number;
}

/**
 * The canvas's pointer: drag a layer to move it (with the rest of the selection), its handles to resize or rotate it (Shift: 15° steps), empty canvas
 * to draw a selection box (Shift adds to the selection). Locked layers are selected but never moved. Each drag is one
 * undo step.
 */
export function useCanvasPointer({ board, design, scale, selectedNames, locked, select, toggle, selectNames, change, seal }: CanvasPointerInput) {
  const [guides, setGuides] = useState<Guides>(NO_GUIDES);
  const [marquee, setMarquee] = useState<Rect | null>(null);
  // A drag, resize or rotation under way: the preview waits for its end (one drawing per gesture, not one per move).
  const [dragging, setDragging] = useState(false);
  const gesture = useRef<Gesture | null>(null);
  const rotating = useRef<Rotating | null>(null);
  const boxing = useRef<Boxing | null>(null);
  // The rest of a several-layer selection, dragged along with the layer under the pointer (locked ones stay).
  const companions = useRef<Array<{ name: string; x: number; y: number }>>([]);
  // A click (no drag) on a layer of a several-layer selection selects that layer alone, when the pointer comes up.
  const clickOnly = useRef<string | null>(null);

  const designPoint = (event: PointerEvent) => {
    const bounds = board.current!.getBoundingClientRect();
    return { x: (event.clientX - bounds.left) / scale, y: (event.clientY - bounds.top) / scale };
  };

  const begin = (event: PointerEvent, index: number, grip?: Grip) => {
    // Preventing the default (text selection, native drag) also prevents the default focus: the canvas takes it
    // itself, or the keys that follow would go to whatever had it before (a toolbar button).
    event.preventDefault();
    event.stopPropagation();
    board.current?.focus({ preventScroll: true });
    const layer: Layer = design.layers[index];
    if (event.shiftKey && !grip) {
      toggle(layer.name);
      return;
    }
    if (!selectedNames.includes(layer.name) || grip) select(layer.name);
    clickOnly.current = selectedNames.length > 1 && !grip ? layer.name : null;
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    if (locked.has(layer.name)) return;
    if (grip === 'rotate') {
      const box = (event.currentTarget as HTMLElement).parentElement!.getBoundingClientRect();
      rotating.current = { index, center: { x: box.left + box.width / 2, y: box.top + box.height / 2 }, key: `rotate:${layer.name}:${event.timeStamp}` };
      setDragging(true);
      return;
    }
    gesture.current = startGesture(layer, index, grip ? 'resize' : 'move', { x: event.clientX, y: event.clientY }, event.timeStamp, grip);
    setDragging(true);
    companions.current = grip
      ? []
      : design.layers
          .filter((other) => other.name !== layer.name && selectedNames.includes(other.name) && !locked.has(other.name))
          .map((other) => ({ name: other.name, x: other.x ?? 0, y: other.y ?? 0 }));
  };

  const move = (event: PointerEvent) => {
    const turn = rotating.current;
    if (turn) {
      const rotation = rotationAt(turn.center, { x: event.clientX, y: event.clientY }, event.shiftKey);
      change((current) => replaceLayer(current, turn.index, { ...current.layers[turn.index], rotation }), turn.key);
      return;
    }
    const active = gesture.current;
    if (!active) return;
    clickOnly.current = null;
    const snapped = gestureBox(active, { x: event.clientX, y: event.clientY }, scale, design);
    setGuides(snapped.guides);
    const dx = snapped.box.x - active.start.x;
    const dy = snapped.box.y - active.start.y;
    const along = new Map(companions.current.map((item) => [item.name, item]));
    change((current) => {
      const moved = replaceLayer(current, active.index, { ...current.layers[active.index], ...snapped.box });
      if (along.size === 0) return moved;
      return {
        ...moved,
        layers: moved.layers.map((item) => {
          const start = along.get(item.name);
          return start ? { ...item, x: Math.round(start.x + dx), y: Math.round(start.y + dy) } : item;
        }),
      };
    }, active.key);
  };

  const end = () => {
    if (clickOnly.current) select(clickOnly.current);
    clickOnly.current = null;
    if (!gesture.current && !rotating.current) return;
    gesture.current = null;
    rotating.current = null;
    companions.current = [];
    setGuides(NO_GUIDES);
    setDragging(false);
    seal();
  };

  /** Empty canvas (or the preview image): deselect, unless Shift, and start a selection box. */
  const beginBox = (event: PointerEvent) => {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    if (target !== event.currentTarget && target.tagName !== 'IMG') return;
    board.current?.focus({ preventScroll: true });
    if (!event.shiftKey) select(null);
    boxing.current = { origin: designPoint(event), additive: event.shiftKey, before: event.shiftKey ? selectedNames : [] };
    board.current?.setPointerCapture(event.pointerId);
  };
  const moveBox = (event: PointerEvent) => {
    const box = boxing.current;
    if (!box) return;
    setMarquee(rectBetween(box.origin, designPoint(event)));
  };
  const endBox = (event: PointerEvent) => {
    const box = boxing.current;
    if (!box) return;
    boxing.current = null;
    setMarquee(null);
    const rect = rectBetween(box.origin, designPoint(event));
    if (Math.max(rect.width, rect.height) * scale < CLICK_SLOP) return;
    const touched = layersInRect(design, rect);
    selectNames([...box.before, ...touched.filter((name) => !box.before.includes(name))]);
  };

  return { guides, marquee, dragging, begin, move, end, beginBox, moveBox, endBox };
}
