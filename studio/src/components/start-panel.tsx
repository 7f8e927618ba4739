import type { Design } from '../state/design';
import { SIZE_PRESETS, STARTER_TEMPLATES } from '../state/starters';

export interface StartPanelProps {
  design: Design;
  /** Replaces the design (an undoable change). */
  onStart: (design: Design) => void;
  onClose: () => void;
}

/** `New template`: a size preset for a blank design, or one of the designed starters. */
export function StartPanel({ design, onStart, onClose }: StartPanelProps) {
  return (
    <section class="panel start-panel" aria-label="Start from">
      <h2>Start from a size</h2>
      <div class="choices">
        {SIZE_PRESETS.map((preset) => (
          <button type="button" key={preset.label} onClick={() => onStart({ ...design, width: preset.width, height: preset.height })}>
            {preset.label}
          </button>
        ))}
      </div>
      <h2>…or a starter</h2>
      <div class="choices">
        {STARTER_TEMPLATES.map((starter) => (
          <button type="button" key={starter.key} onClick={() => onStart(structuredClone(starter.design))}>
            {starter.label}
          </button>
        ))}
        <button type="button" class="link" onClick={onClose}>
          Blank 1200×630
        </button>
      </div>
    </section>
  );
}
