import { Layer } from '../state/design';
import { Handle } from '../state/snapping';

const HANDLES: Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

export interface LayerBoxProps {
  layer: Layer;
  selected: boolean;
  /** In the selection beside the primary layer (Shift+click): outlined, without handles. */
  alsoSelected?: boolean;
  /** Screen pixels per design pixel. */
  scale: number;
  /** A pointer went down on the layer (no handle) or on one of its handles. */
  onBegin: (event: PointerEvent, handle?: Handle) => void;
  onMove: (event: PointerEvent) => void;
  onEnd: () => void;
}

/** A layer's box on the canvas (the preview image below draws it), with resize handles when selected. */
export function LayerBox({ layer, selected, alsoSelected = false, scale, onBegin, onMove, onEnd }: LayerBoxProps) {
  // An image layer with no image draws nothing: the editor alone shows where it is (never the preview or a render).
  const placeholder = layer.type === 'image' && !layer.imageUrl;
  const pointer = { onPointerMove: onMove, onPointerUp: onEnd, onPointerCancel: onEnd };
  return (
    <div
      class={`layer${selected ? ' selected' : ''}${alsoSelected ? ' also-selected' : ''}${layer.hidden ? ' hidden' : ''}${placeholder ? ' placeholder' : ''}`}
      data-layer={layer.name}
      aria-label={layer.name}
      style={{
        left: `${(layer.x ?? 0) * scale}px`,
        top: `${(layer.y ?? 0) * scale}px`,
        width: `${layer.width * scale}px`,
        height: `${layer.height * scale}px`,
        transform: typeof layer.rotation === 'number' && layer.rotation !== 0 ? `rotate(${layer.rotation}deg)` : undefined,
      }}
      onPointerDown={(event) => onBegin(event)}
      {...pointer}
    >
      {placeholder && <span class="placeholder-label">Image</span>}
      {selected &&
        HANDLES.map((handle) => (
          <span key={handle} class={`handle ${handle}`} data-handle={handle} onPointerDown={(event) => onBegin(event, handle)} {...pointer} />
        ))}
    </div>
  );
}
