const ADD_LABELS: Record<string, string> = {
  text: 'Add text',
  image: 'Add image',
  rect: 'Add rectangle',
  ellipse: 'Add ellipse',
  qr: 'Add QR code',
  barcode: 'Add barcode',
};

export interface ToolbarProps {
  types: string[];
  onAdd: (type: string) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  saving: boolean;
  version: number | null;
  dirty: boolean;
  /** In an embed (§23): no way back to the dashboard. */
  embedded?: boolean;
  canSave?: boolean;
  /** Opens the keyboard shortcuts panel (also `?`). */
  onShortcuts?: () => void;
}

/** Adding layers, undo/redo, the shortcuts panel and saving, with the saved version. */
export function Toolbar({
  types,
  onAdd,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onSave,
  saving,
  version,
  dirty,
  embedded = false,
  canSave = true,
  onShortcuts,
}: ToolbarProps) {
  return (
    <div class="toolbar" role="toolbar" aria-label="Editor">
      {!embedded && (
        <a href="/app/templates" class="back">
          ← Templates
        </a>
      )}
      {types.map((type) => (
        <button type="button" key={type} onClick={() => onAdd(type)}>
          {ADD_LABELS[type] ?? `Add ${type}`}
        </button>
      ))}
      <span class="spacer" />
      {onShortcuts && (
        <button type="button" onClick={onShortcuts} title="Keyboard shortcuts (?)" aria-haspopup="dialog">
          Shortcuts
        </button>
      )}
      <button type="button" onClick={onUndo} disabled={!canUndo}>
        Undo
      </button>
      <button type="button" onClick={onRedo} disabled={!canRedo}>
        Redo
      </button>
      {canSave && (
        <button type="button" class="primary" onClick={onSave} disabled={saving}>
          Save
        </button>
      )}
      <span class="version" aria-live="polite">
        {version === null ? 'not saved' : `v${version}`}
        {dirty ? ' · unsaved changes' : ''}
      </span>
    </div>
  );
}
