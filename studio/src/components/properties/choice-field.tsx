import type { Choice } from '../../state/font-faces';

export interface ChoiceFieldProps {
  id: string;
  label: string;
  value: string;
  choices: Choice[];
  /** Offered first: leaves the field unset (the layer's or renderer's own value applies). */
  unsetLabel?: string;
  error?: string;
  onChoose: (value: string) => void;
}

/** A labelled select of named choices, with the API's message under it. */
export function ChoiceField({ id, label, value, choices, unsetLabel, error, onChoose }: ChoiceFieldProps) {
  return (
    <div class="field select">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChoose((event.target as HTMLSelectElement).value)}
      >
        {unsetLabel !== undefined && <option value="">{unsetLabel}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
