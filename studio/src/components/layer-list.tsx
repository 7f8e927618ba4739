import { useRef } from 'preact/hooks';
import type { Change } from '../hooks/use-template-document';
import { toggleLocked } from '../state/arrange';
import { Design, moveLayer, toggleHidden } from '../state/design';
import { LockIcon } from './lock-icon';

/** The layers, top of the drawing order first: select, reorder (buttons or drag and drop), hide and lock. */
export function LayerList({ design, selected, select, change }: { design: Design; selected: string | null; select: (name: string) => void; change: Change }) {
  const dragged = useRef<number | null>(null);
  // Top of the drawing order first, as in every design tool.
  const rows = design.layers.map((layer, index) => ({ layer, index })).reverse();
  return (
    <section class="panel" aria-labelledby="layers-title">
      <h2 id="layers-title">Layers</h2>
      {rows.length === 0 && <p class="muted">No layers yet: add one from the toolbar.</p>}
      <ul class="layers">
        {rows.map(({ layer, index }) => (
          <li
            key={layer.name}
            class={layer.name === selected ? 'selected' : ''}
            draggable
            onDragStart={() => (dragged.current = index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged.current !== null) change(moveLayer(design, dragged.current, index));
              dragged.current = null;
            }}
          >
            <button type="button" class="layer-name" aria-pressed={layer.name === selected} onClick={() => select(layer.name)}>
              <span class="type">{layer.type}</span> {layer.name}
            </button>
            <button
              type="button"
              class="icon"
              aria-label={`Move ${layer.name} up`}
              disabled={index === design.layers.length - 1}
              onClick={() => change(moveLayer(design, index, index + 1))}
            >
              ↑
            </button>
            <button
              type="button"
              class="icon"
              aria-label={`Move ${layer.name} down`}
              disabled={index === 0}
              onClick={() => change(moveLayer(design, index, index - 1))}
            >
              ↓
            </button>
            <button
              type="button"
              class="icon"
              aria-label={`${layer.hidden ? 'Show' : 'Hide'} ${layer.name}`}
              aria-pressed={Boolean(layer.hidden)}
              onClick={() => change(toggleHidden(design, index))}
            >
              {layer.hidden ? '◌' : '●'}
            </button>
            <button
              type="button"
              class="icon lock"
              aria-label={`${layer.locked ? 'Unlock' : 'Lock'} ${layer.name}`}
              aria-pressed={layer.locked === true}
              onClick={() => change(toggleLocked(design, [layer.name]))}
            >
              <LockIcon locked={layer.locked === true} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
