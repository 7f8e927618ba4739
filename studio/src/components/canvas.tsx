import { useRef, useState } from 'preact/hooks';
import { useElementWidth } from '../hooks/use-element-width';
import { usePreview } from '../hooks/use-preview';
import type { Change } from '../hooks/use-template-document';
import { Design, layerIndex, nudgeLayer, patchLayer } from '../state/design';
import { Gesture, gestureBox, startGesture } from '../state/gesture';
import { canvasAction } from '../state/keyboard';
import { Guides, Handle } from '../state/snapping';
import { LayerBox } from './layer-box';

const NO_GUIDES: Guides = { vertical: [], horizontal: [] };

export interface CanvasProps {
  design: Design;
  selected: string | null;
  select: (name: string | null) => void;
  change: Change;
  /** Ends a drag's undo step. */
  seal: () => void;
  onDelete: () => void;
  onDetails: (details: Map<string, string>) => void;
}

/** The design at its true proportions: the server's preview under one box per layer to drag, resize and nudge. */
export function Canvas({ design, selected, select, change, seal, onDelete, onDetails }: CanvasProps) {
  const frame = useRef<HTMLDivElement>(null);
  const board = useRef<HTMLDivElement>(null);
  const available = useElementWidth(frame, 800, 120);
  const [guides, setGuides] = useState<Guides>(NO_GUIDES);
  const gesture = useRef<Gesture | null>(null);
  const preview = usePreview(design, Math.min(design.width, Math.ceil(Math.min(available, design.width) * (window.devicePixelRatio || 1))), onDetails);
  const scale = Math.min(1, available / design.width);

  const begin = (event: PointerEvent, index: number, handle?: Handle) => {
    // Preventing the default (text selection, native drag) also prevents the default focus: the canvas takes it
    // itself, or the keys that follow would go to whatever had it before (a toolbar button).
    event.preventDefault();
    event.stopPropagation();
    board.current?.focus({ preventScroll: true });
    const layer = design.layers[index];
    select(layer.name);
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    gesture.current = startGesture(layer, index, handle ? 'resize' : 'move', { x: event.clientX, y: event.clientY }, event.timeStamp, handle);
  };
  const move = (event: PointerEvent) => {
    const active = gesture.current;
    if (!active) return;
    const snapped = gestureBox(active, { x: event.clientX, y: event.clientY }, scale, design);
    setGuides(snapped.guides);
    change((current) => patchLayer(current, active.index, snapped.box), active.key);
  };
  const end = () => {
    if (!gesture.current) return;
    gesture.current = null;
    setGuides(NO_GUIDES);
    seal();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = layerIndex(design, selected);
    const action = index < 0 ? null : canvasAction(event);
    if (!action) return;
    if (action.kind !== 'deselect') event.preventDefault();
    if (action.kind === 'nudge') change(nudgeLayer(design, index, action.dx, action.dy));
    else if (action.kind === 'delete') onDelete();
    else select(null);
  };

  return (
    <div class="canvas-frame" ref={frame}>
      <div
        ref={board}
        class="canvas"
        role="application"
        aria-label="Template canvas"
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-preview={preview.state}
        style={{ width: `${design.width * scale}px`, height: `${design.height * scale}px`, background: design.background }}
        onPointerDown={(event) => {
          if (event.target === event.currentTarget || (event.target as HTMLElement).tagName === 'IMG') select(null);
        }}
      >
        {preview.url && <img class="preview" src={preview.url} alt="" draggable={false} data-sequence={preview.sequence} />}
        {design.layers.map((layer, index) => (
          <LayerBox
            key={layer.name}
            layer={layer}
            selected={layer.name === selected}
            scale={scale}
            onBegin={(event, handle) => begin(event, index, handle)}
            onMove={move}
            onEnd={end}
          />
        ))}
        {guides.vertical.map((line) => (
          <span key={`v${line}`} class="guide vertical" style={{ left: `${line * scale}px` }} />
        ))}
        {guides.horizontal.map((line) => (
          <span key={`h${line}`} class="guide horizontal" style={{ top: `${line * scale}px` }} />
        ))}
      </div>
      {preview.error && (
        <p class="status error" role="alert">
          Preview: {preview.error}
        </p>
      )}
    </div>
  );
}
