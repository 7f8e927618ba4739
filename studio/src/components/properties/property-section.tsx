import type { ComponentChildren } from 'preact';

/** A collapsible section of the panel (a native disclosure: keyboard and screen readers know it). */
export function PropertySection({ id, title, open, grid, children }: { id: string; title: string; open: boolean; grid: boolean; children: ComponentChildren }) {
  return (
    <details class={`property-section ${id}`} open={open} data-section={id}>
      <summary>{title}</summary>
      <div class={grid ? 'section-body grid' : 'section-body'}>{children}</div>
    </details>
  );
}
