import { useEffect, useRef, useState } from 'preact/hooks';
import { CanvasSelection, useCanvasPointer } from '../hooks/use-canvas-pointer';
import { useElementSize } from '../hooks/use-element-size';
import { usePreview } from '../hooks/use-preview';
import { layerIndex, nudgeLayer, replaceLayer } from '../state/design';
import { canvasAction } from '../state/keyboard';
import { shortcutFor } from '../state/shortcuts';
import { fitScale, previewWidth, Zoom, zoomIn, zoomOut } from '../state/zoom';
import './canvas-tools.css';
import { LayerBox } from './layer-box';
import { PreviewWarnings } from './preview-warnings';
import { TextEditorOverlay } from './text-editor-overlay';

/** Room around the design inside the visible area when it fits. */
const FIT_MARGIN = 24;
const ZOOMS = { 'zoom-in': 'in', 'zoom-out': 'out', 'zoom-fit': 'fit' } as const;

export interface CanvasProps extends CanvasSelection {
  selected: string | null;
  onDelete: () => void;
  /** Right-click, Shift+F10 or the Menu key: the context menu at `point` (viewport pixels). */
  onMenu: (point: { x: number; y: number }) => void;
  onDetails: (details: Map<string, string>) => void;
  /** A file dropped on the canvas, at `point` in design pixels. */
  onDropFile: (file: File, point: { x: number; y: number }) => void;
}

/** The design, zoomed or fitted: the server's preview under one box per layer to drag, resize, rotate and nudge, its warnings beside it. */
export function Canvas(props: CanvasProps) {
  const { design, selected, selectedNames, locked, select, change, onDelete, onMenu, onDetails, onDropFile } = props;
  const [dropping, setDropping] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const board = useRef<HTMLDivElement>(null);
  const area = useElementSize(frame, { width: 800, height: 600 });
  const [zoom, setZoom] = useState<Zoom>('fit');
  const fitted = fitScale(design, { width: Math.max(60, area.width - FIT_MARGIN), height: Math.max(60, area.height - FIT_MARGIN) });
  const scale = zoom === 'fit' ? fitted : zoom;
  const pointer = useCanvasPointer({ ...props, board, scale });
  // Drawn by the server at the displayed size (sharp when zoomed in), within the preview's own limit.
  // Not redrawn while a layer is dragged, resized or rotated: the boxes move at frame rate, the drawing follows at the end.
  const preview = usePreview(design, previewWidth(design.width, scale, window.devicePixelRatio || 1), onDetails, pointer.dragging);

  // The pointer's design coordinates beside the zoom, written straight into the element: a re-render per move would cost the drag its frames.
  const cursor = useRef<HTMLOutputElement>(null);
  useEffect(() => {
    const target = board.current!;
    const show = (event: PointerEvent) => {
      const bounds = target.getBoundingClientRect();
      cursor.current!.textContent = `x ${Math.round((event.clientX - bounds.left) / scale)} · y ${Math.round((event.clientY - bounds.top) / scale)}`;
    };
    const hide = () => (cursor.current!.textContent = '');
    target.addEventListener('pointermove', show, { capture: true });
    target.addEventListener('pointerleave', hide);
    return () => {
      target.removeEventListener('pointermove', show, { capture: true });
      target.removeEventListener('pointerleave', hide);
    };
  }, [scale]);

  const zoomTo = (next: 'in' | 'out' | 'fit') => setZoom(next === 'fit' ? 'fit' : next === 'in' ? zoomIn(scale) : zoomOut(scale));
  // Ctrl/Cmd+=/-/0 anywhere in the editor (the browser would zoom the page otherwise), and Ctrl+wheel over the canvas.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = shortcutFor(event, 'editor')?.command;
      if (command !== 'zoom-in' && command !== 'zoom-out' && command !== 'zoom-fit') return;
      event.preventDefault();
      zoomTo(ZOOMS[command]);
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

  const onKeyDown = (event: KeyboardEvent) => {
    const index = layerIndex(design, selected);
    const action = index < 0 ? null : canvasAction(event);
    if (!action) return;
    if (action.kind !== 'deselect') event.preventDefault();
    if (action.kind === 'nudge') {
      let next = design;
      for (const name of selectedNames) if (!locked.has(name)) next = nudgeLayer(next, layerIndex(next, name), action.dx, action.dy);
      change(next);
    } else if (action.kind === 'delete') onDelete();
    else if (action.kind === 'menu') {
      // By key: the menu opens at the selected layer's top left corner.
      const box = board.current!.querySelector(`[data-layer="${CSS.escape(selected!)}"]`)!.getBoundingClientRect();
      onMenu({ x: box.left + 8, y: box.top + 8 });
    } else select(null);
  };
  const editedIndex = layerIndex(design, editing);

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
        <output class="cursor-position" ref={cursor} aria-label="Pointer position in the design" />
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
          onPointerDown={pointer.beginBox}
          onPointerMove={pointer.moveBox}
          onPointerUp={pointer.endBox}
          onPointerCancel={pointer.endBox}
          onContextMenu={(event) => {
            event.preventDefault();
            onMenu({ x: event.clientX, y: event.clientY });
          }}
        >
          {preview.url && <img class="preview" src={preview.url} alt="" draggable={false} data-sequence={preview.sequence} />}
          {design.layers.map((layer, index) => (
            <LayerBox
              key={layer.name}
              layer={layer}
              selected={layer.name === selected}
              alsoSelected={layer.name !== selected && selectedNames.includes(layer.name)}
              locked={locked.has(layer.name)}
              scale={scale}
              onBegin={(event, grip) => pointer.begin(event, index, grip)}
              onMove={pointer.move}
              onEnd={pointer.end}
              onDoubleClick={layer.type === 'text' ? () => setEditing(layer.name) : undefined}
              onContextMenu={(event) => {
                event.preventDefault();
                event.stopPropagation();
                if (!selectedNames.includes(layer.name)) select(layer.name);
                onMenu({ x: event.clientX, y: event.clientY });
              }}
            />
          ))}
          {editedIndex >= 0 && (
            <TextEditorOverlay
              key={editing}
              layer={design.layers[editedIndex]}
              scale={scale}
              onCommit={(text) => {
                setEditing(null);
                board.current?.focus({ preventScroll: true });
                // One change, one undo step; an unchanged text adds none.
                if (text !== design.layers[editedIndex].text) change(replaceLayer(design, editedIndex, { ...design.layers[editedIndex], text }));
              }}
              onCancel={() => {
                setEditing(null);
                board.current?.focus({ preventScroll: true });
              }}
            />
          )}
          {pointer.marquee && (
            <span
              class="marquee"
              data-testid="selection-box"
              style={{
                left: `${pointer.marquee.x * scale}px`,
                top: `${pointer.marquee.y * scale}px`,
                width: `${pointer.marquee.width * scale}px`,
                height: `${pointer.marquee.height * scale}px`,
              }}
            />
          )}
          {pointer.guides.vertical.map((line) => (
            <span key={`v${line}`} class="guide vertical" style={{ left: `${line * scale}px` }} />
          ))}
          {pointer.guides.horizontal.map((line) => (
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
