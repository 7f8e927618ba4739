import type { RenderWarning } from '../api';

/** §24: what the render would warn about (a truncated text, an image that cannot be used…), beside the canvas. */
export function PreviewWarnings({ warnings, select }: { warnings: RenderWarning[]; select: (name: string | null) => void }) {
  if (warnings.length === 0) return null;
  return (
    <section class="preview-warnings" aria-label="Preview warnings">
      <h2>Warnings</h2>
      <ul>
        {warnings.map((warning, index) => (
          <li key={`${warning.code}-${warning.layer ?? ''}-${index}`} data-code={warning.code}>
            <code>{warning.code}</code>{' '}
            {warning.layer !== null ? (
              <button type="button" class="link" onClick={() => select(warning.layer)}>
                {warning.layer}
              </button>
            ) : null}
            : {warning.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
