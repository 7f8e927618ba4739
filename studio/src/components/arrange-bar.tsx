import type { AlignEdge } from '../state/arrange';

const ALIGN: Array<[AlignEdge, string]> = [
  ['left', 'Align left'],
  ['center', 'Align centre'],
  ['right', 'Align right'],
  ['top', 'Align top'],
  ['middle', 'Align middle'],
  ['bottom', 'Align bottom'],
];

export interface ArrangeBarProps {
  /** How many layers are selected. */
  count: number;
  onAlign: (edge: AlignEdge) => void;
  onDistribute: (axis: 'horizontal' | 'vertical') => void;
  onDuplicate: () => void;
  onLock: () => void;
  /** Every selected layer is locked: the button offers Unlock. */
  allLocked: boolean;
}

/** Align the selection (one layer: to the canvas; locked layers stay), distribute three or more, duplicate, lock. */
export function ArrangeBar({ count, onAlign, onDistribute, onDuplicate, onLock, allLocked }: ArrangeBarProps) {
  return (
    <div class="arrange" role="toolbar" aria-label="Arrange">
      {ALIGN.map(([edge, label]) => (
        <button type="button" key={edge} disabled={count === 0} onClick={() => onAlign(edge)}>
          {label}
        </button>
      ))}
      <button type="button" disabled={count < 3} onClick={() => onDistribute('horizontal')}>
        Distribute horizontally
      </button>
      <button type="button" disabled={count < 3} onClick={() => onDistribute('vertical')}>
        Distribute vertically
      </button>
      <button type="button" disabled={count === 0} onClick={onDuplicate} title="Ctrl/Cmd+D">
        Duplicate
      </button>
      <button type="button" disabled={count === 0} onClick={onLock} aria-pressed={allLocked} title="Ctrl/Cmd+Shift+L">
        {allLocked ? 'Unlock' : 'Lock'}
      </button>
      <span class="muted">{count > 1 ? `${count} layers selected (Shift+click adds)` : 'Shift+click adds layers to the selection'}</span>
    </div>
  );
}
