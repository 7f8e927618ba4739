import type { Status } from '../hooks/use-template-document';

/** The outcome of the last load or save; a version conflict offers to reload the saved template. */
export function StatusLine({ status, onReload }: { status: Status; onReload: (() => void) | null }) {
  return (
    <p class={`status ${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
      {status.text}
      {onReload && (
        <button type="button" class="secondary" onClick={onReload}>
          Reload
        </button>
      )}
    </p>
  );
}
