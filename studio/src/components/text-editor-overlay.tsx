import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Layer } from '../state/design';

export interface TextEditorOverlayProps {
  layer: Layer;
  /** Screen pixels per design pixel. */
  scale: number;
  onCommit: (text: string) => void;
  onCancel: () => void;
}

/**
 * A text layer's text edited in place, over the layer: Enter commits (Shift+Enter: a new line), Escape cancels,
 * leaving the field commits. The preview under it is the server's, so the field only approximates the type.
 */
export function TextEditorOverlay({ layer, scale, onCommit, onCancel }: TextEditorOverlayProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  // Before the field is painted: keys typed right after the double-click must land in it, over the selected text.
  useLayoutEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const finish = (commit: boolean) => {
    if (done.current) return;
    done.current = true;
    if (commit) onCommit(field.current?.value ?? '');
    else onCancel();
  };
  const fontSize = typeof layer.fontSize === 'number' ? layer.fontSize : 48;
  return (
    <textarea
      ref={field}
      class="text-editor"
      aria-label={`Text of ${layer.name}`}
      defaultValue={typeof layer.text === 'string' ? layer.text : ''}
      style={{
        left: `${(layer.x ?? 0) * scale}px`,
        top: `${(layer.y ?? 0) * scale}px`,
        width: `${layer.width * scale}px`,
        height: `${layer.height * scale}px`,
        fontSize: `${fontSize * scale}px`,
        fontFamily: typeof layer.fontFamily === 'string' ? `"${layer.fontFamily}", sans-serif` : undefined,
        textAlign: layer.align === 'center' || layer.align === 'right' ? layer.align : 'left',
        transform: typeof layer.rotation === 'number' && layer.rotation !== 0 ? `rotate(${layer.rotation}deg)` : undefined,
      }}
      onPointerDown={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        // Its keys are the field's: none reaches the canvas (Delete, arrows) or the editor's shortcuts.
        event.stopPropagation();
        if (event.key === 'Escape') {
          event.preventDefault();
          finish(false);
        } else if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          finish(true);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}
