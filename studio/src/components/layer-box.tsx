import { Layer } from '../state/design';
import { Handle } from '../state/snapping';
import { LockIcon } from './lock-icon';

const HANDLES: Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** A resize handle, or the rotation handle above the layer. */
export type Grip = Handle | 'rotate';

export interface LayerBoxProps {
  layer: Layer;
  selected: boolean;
  /** In the selection beside the primary layer (Shift+click): outlined, without handles. */
  alsoSelected?: boolean;
  /** Locked: selectable, but with no handles to resize or rotate (and the canvas does not drag it). */
  locked?: boolean;
  /** Screen pixels per design pixel. */
  scale: number;
  /** A pointer went down on the layer (no grip) or on one of its handles. */
  onBegin: (event: PointerEvent, grip?: Grip) => void;
  onMove: (event: PointerEvent) => void;
  onEnd: () => void;
  onDoubleClick?: () => void;
  onContextMenu?: (event: MouseEvent) => void;
}

/** A layer's box on the canvas (the preview image below draws it), with resize and rotation handles when selected. */
export function LayerBox({
  layer,
  selected,
  alsoSelected = false,
  locked = false,
  scale,
  onBegin,
  onMove,
  onEnd,
  onDoubleClick,
  onContextMenu,
}: LayerBoxProps) {
  // An image layer with no image draws nothing: the editor alone shows where it is (never the preview or a render).
  const placeholder = layer.type === 'image' && !layer.imageUrl;
  const pointer = { onPointerMove: onMove, onPointerUp: onEnd, onPointerCancel: onEnd };
  const classes = [
    'layer',
    selected && 'selected',
    alsoSelected && 'also-selected',
    layer.hidden && 'hidden',
    placeholder && 'placeholder',
    locked && 'locked',
  ];
  return (
    <div
      class={classes.filter(Boolean).join(' ')}
      data-layer={layer.name}
      data-locked={locked ? 'true' : undefined}
      aria-label={layer.name}
      style={{
        left: `${(layer.x ?? 0) * scale}px`,
        top: `${(layer.y ?? 0) * scale}px`,
        width: `${layer.width * scale}px`,
        height: `${layer.height * scale}px`,
        transform: typeof layer.rotation === 'number' && layer.rotation !== 0 ? `rotate(${layer.rotation}deg)` : undefined,
      }}
      onPointerDown={(event) => event.button === 0 && onBegin(event)}
      onDblClick={onDoubleClick}
      onContextMenu={onContextMenu}
      {...pointer}
    >
      {placeholder && <span class="placeholder-label">Image</span>}
      {locked && (selected || alsoSelected) && (
        <span class="lock-badge" title="Locked: Ctrl/Cmd+Shift+L unlocks">
          <LockIcon locked />
        </span>
      )}
      {selected &&
        !locked &&
        HANDLES.map((handle) => (
          <span key={handle} class={`handle ${handle}`} data-handle={handle} onPointerDown={(event) => onBegin(event, handle)} {...pointer} />
        ))}
      {selected && !locked && (
        <span class="rotate-handle" data-handle="rotate" title="Rotate (Shift: 15° steps)" onPointerDown={(event) => onBegin(event, 'rotate')} {...pointer} />
      )}
    </div>
  );
}
