import { useEffect, useRef, useState } from 'preact/hooks';
import { useElementSize } from '../hooks/use-element-size';
import { usePreview } from '../hooks/use-preview';
import type { Change } from '../hooks/use-template-document';
import { Design, layerIndex, nudgeLayer, patchLayer } from '../state/design';
import { Gesture, gestureBox, startGesture } from '../state/gesture';
import { canvasAction } from '../state/keyboard';
import { Guides, Handle } from '../state/snapping';
import { fitScale, previewWidth, Zoom, zoomIn, zoomOut, zoomShortcut } from '../state/zoom';
import { LayerBox } from './layer-box';
import { PreviewWarnings } from './preview-warnings';

const NO_GUIDES: Guides = { vertical: [], horizontal: [] };
/** Room around the design inside the visible area when it fits. */
const FIT_MARGIN = 24;

export interface CanvasProps {
  design: Design;
  selected: string | null;
  /** Every selected layer (the primary one and those Shift+click added). */
  selectedNames: readonly string[];
  select: (name: string | null) => void;
  /** Shift+click: add the layer to the selection, or take it out. */
  toggle: (name: string) => void;
  change: Change;
  /** Ends a drag's undo step. */
  seal: () => void;
  onDelete: () => void;
  onDuplicate: () => void;
  onDetails: (details: Map<string, string>) => void;
  /** A file dropped on the canvas, at `point` in design pixels. */
  onDropFile: (file: File, point: { x: number; y: number }) => void;
}

/** The design, zoomed or fitted: the server's preview under one box per layer to drag, resize and nudge, its warnings beside it. */
export function Canvas({ design, selected, selectedNames, select, toggle, change, seal, onDelete, onDuplicate, onDetails, onDropFile }: CanvasProps) {
  const [dropping, setDropping] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const board = useRef<HTMLDivElement>(null);
  const area = useElementSize(frame, { width: 800, height: 600 });
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [guides, setGuides] = useState<Guides>(NO_GUIDES);
  const gesture = useRef<Gesture | null>(null);
  // A click (no drag) on a layer of a several-layer selection selects that layer alone, when the pointer comes up.
  const clickOnly = useRef<string | null>(null);
  const fitted = fitScale(design, { width: Math.max(60, area.width - FIT_MARGIN), height: Math.max(60, area.height - FIT_MARGIN) });
  const scale = zoom === 'fit' ? fitted : zoom;
  // Drawn by the server at the displayed size (sharp when zoomed in), within the preview's own limit.
  const preview = usePreview(design, previewWidth(design.width, scale, window.devicePixelRatio || 1), onDetails);

  const zoomTo = (next: 'in' | 'out' | 'fit') => setZoom(next === 'fit' ? 'fit' : next === 'in' ? zoomIn(scale) : zoomOut(scale));
  // Ctrl/Cmd+D, and Ctrl/Cmd+=/-/0 anywhere in the editor (the browser would zoom the page otherwise), and Ctrl+wheel over the canvas.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Ctrl/Cmd+D duplicates from anywhere but a text field (where the browser's own keys stay).
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'd' && !(event.target as HTMLElement).closest('input, textarea, select')) {
        event.preventDefault();
        onDuplicate();
        return;
      }
      const action = zoomShortcut(event);
      if (!action) return;
      event.preventDefault();
      zoomTo(action);
    };
    const onWheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      zoomTo(event.deltaY < 0 ? 'in' : 'out');
    };
    const target = frame.current!;
    window.addEventListener('keydown', onKey);
    target.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      window.removeEventListener('keydown', onKey);
      target.removeEventListener('wheel', onWheel);
    };
  });

  const begin = (event: PointerEvent, index: number, handle?: Handle) => {
    // Preventing the default (text selection, native drag) also prevents the default focus: the canvas takes it
    // itself, or the keys that follow would go to whatever had it before (a toolbar button).
    event.preventDefault();
    event.stopPropagation();
    board.current?.focus({ preventScroll: true });
    const layer = design.layers[index];
    if (event.shiftKey && !handle) {
      toggle(layer.name);
      return;
    }
    if (!selectedNames.includes(layer.name) || handle) select(layer.name);
    clickOnly.current = selectedNames.length > 1 && !handle ? layer.name : null;
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    gesture.current = startGesture(layer, index, handle ? 'resize' : 'move', { x: event.clientX, y: event.clientY }, event.timeStamp, handle);
  };
  const move = (event: PointerEvent) => {
    const active = gesture.current;
    if (!active) return;
    clickOnly.current = null;
    const snapped = gestureBox(active, { x: event.clientX, y: event.clientY }, scale, design);
    setGuides(snapped.guides);
    change((current) => patchLayer(current, active.index, snapped.box), active.key);
  };
  const end = () => {
    if (!gesture.current) return;
    gesture.current = null;
    if (clickOnly.current) select(clickOnly.current);
    clickOnly.current = null;
    setGuides(NO_GUIDES);
    seal();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = layerIndex(design, selected);
    const action = index < 0 ? null : canvasAction(event);
    if (!action) return;
    if (action.kind !== 'deselect') event.preventDefault();
    if (action.kind === 'nudge') {
      let next = design;
      for (const name of selectedNames) next = nudgeLayer(next, layerIndex(next, name), action.dx, action.dy);
      change(next);
    } else if (action.kind === 'delete') onDelete();
    else select(null);
  };

  return (
    <div class="canvas-area">
      <div class="zoom-bar" role="toolbar" aria-label="Zoom">
        <button type="button" onClick={() => zoomTo('out')} title="Zoom out (Ctrl+-)">
          Zoom out
        </button>
        <span class="zoom-level" aria-live="polite">
          {Math.round(scale * 100)} %
        </span>
        <button type="button" onClick={() => zoomTo('in')} title="Zoom in (Ctrl+=)">
          Zoom in
        </button>
        <button type="button" onClick={() => setZoom('fit')} aria-pressed={zoom === 'fit'} title="Fit (Ctrl+0)">
          Fit
        </button>
      </div>
      <div
        class={`canvas-frame${dropping ? ' drop-target' : ''}`}
        ref={frame}
        onDragOver={(event) => {
          if (!event.dataTransfer?.types.includes('Files')) return;
          event.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          const file = event.dataTransfer?.files[0];
          setDropping(false);
          if (!file) return;
          event.preventDefault();
          const bounds = board.current!.getBoundingClientRect();
          onDropFile(file, { x: (event.clientX - bounds.left) / scale, y: (event.clientY - bounds.top) / scale });
        }}
      >
        <div
          ref={board}
          class="canvas"
          role="application"
          aria-label="Template canvas"
          tabIndex={0}
          onKeyDown={onKeyDown}
          data-preview={preview.state}
          data-scale={scale.toFixed(4)}
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
              alsoSelected={layer.name !== selected && selectedNames.includes(layer.name)}
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
      </div>
      {preview.error && (
        <p class="status error" role="alert">
          Preview: {preview.error}
        </p>
      )}
      <PreviewWarnings warnings={preview.warnings} select={select} />
    </div>
  );
}
