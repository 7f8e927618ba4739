import { useState } from 'preact/hooks';
import { FormField, parseInput, valueAt, withValue } from '../state/schema-form';
import { FontPicker } from './font-picker';

export interface FieldInputProps {
  field: FormField;
  value: unknown;
  error?: string;
  id: string;
  onValue: (value: unknown) => void;
  /** Refuses a well-formed value with a message (the value is then not applied). */
  refuse?: (value: unknown) => string | undefined;
  errorsFor?: (path: string) => string | undefined;
}

/** One labelled input for a schema field (a group of them for an object), showing its error under it. */
export function FieldInput({ field, value, error, id, onValue, refuse, errorsFor }: FieldInputProps) {
  const shown = value === undefined ? field.defaultValue : value;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a non-JSON field holds a string, number or boolean
  const asText = shown === undefined || shown === null ? '' : field.kind === 'json' ? JSON.stringify(shown) : String(shown);
  // While the input has focus it shows what is being typed ("1." stays "1."); otherwise the design's value.
  const [draft, setDraft] = useState<string | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const text = draft ?? asText;
  const commit = (text: string) => {
    setDraft(text);
    const parsed = parseInput(field, text);
    const refused = parsed.error ?? refuse?.(parsed.value);
    setLocal(refused ?? null);
    if (!refused) onValue(parsed.value);
  };
  const message = local ?? error;
  const describedBy = message ? `${id}-error` : undefined;
  const common = {
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy,
    placeholder: field.nullable ? 'none' : undefined,
    onFocus: () => setDraft(asText),
    onBlur: () => setDraft(null),
  };

  if (field.kind === 'group') {
    const present = value !== null && value !== undefined;
    return (
      <fieldset class="group">
        <legend>{field.label}</legend>
        {field.nullable && (
          <label class="toggle">
            <input type="checkbox" checked={present} onChange={(event) => onValue((event.target as HTMLInputElement).checked ? field.example : null)} /> Use{' '}
            {field.label.toLowerCase()}
          </label>
        )}
        {(present || !field.nullable) &&
          field.fields!.map((child) => (
            <FieldInput
              key={child.path.join('.')}
              field={child}
              value={valueAt(value, child.path.slice(field.path.length))}
              id={`${id}-${child.key}`}
              error={errorsFor?.(child.path.join('.'))}
              onValue={(childValue) => onValue(withValue(value ?? {}, child.path.slice(field.path.length), childValue))}
              errorsFor={errorsFor}
            />
          ))}
      </fieldset>
    );
  }
  let input;
  if (field.kind === 'checkbox') {
    input = <input type="checkbox" {...common} checked={Boolean(shown)} onChange={(event) => onValue((event.target as HTMLInputElement).checked)} />;
  } else if (field.kind === 'select') {
    input = (
      <select {...common} value={asText} onChange={(event) => commit((event.target as HTMLSelectElement).value)}>
        {/* An optional field without a default may stay unset: the renderer's own behaviour applies. */}
        {!field.required && field.defaultValue === undefined && <option value="">(not set)</option>}
        {field.options!.map((option) => (
          <option key={String(option)} value={String(option)}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  } else if (field.key === 'fontFamily') {
    return <FontPicker id={id} value={asText} onValue={onValue} error={message} />;
  } else if (field.kind === 'textarea' || field.key === 'text' || field.kind === 'json') {
    input = <textarea {...common} rows={field.kind === 'json' ? 3 : 2} value={text} onInput={(event) => commit((event.target as HTMLTextAreaElement).value)} />;
  } else if (field.kind === 'number' || field.kind === 'integer') {
    input = (
      <input
        type="number"
        {...common}
        min={field.min}
        max={field.max}
        step={field.kind === 'integer' ? 1 : 'any'}
        value={text}
        onInput={(event) => commit((event.target as HTMLInputElement).value)}
      />
    );
  } else {
    input = (
      <input
        type="text"
        {...common}
        list={field.kind === 'choice' ? `${id}-options` : undefined}
        value={text}
        onInput={(event) => commit((event.target as HTMLInputElement).value)}
      />
    );
  }
  return (
    <div class={`field ${field.kind}`}>
      <label for={id}>{field.label}</label>
      <div class="control">
        {input}
        {field.kind === 'color' && /^#[0-9a-fA-F]{6}$/.test(asText) && (
          <input
            type="color"
            aria-label={`${field.label} swatch`}
            tabIndex={-1}
            value={asText}
            onInput={(event) => commit((event.target as HTMLInputElement).value)}
          />
        )}
        {field.kind === 'choice' && (
          <datalist id={`${id}-options`}>
            {field.options!.map((option) => (
              <option key={String(option)} value={String(option)} />
            ))}
          </datalist>
        )}
      </div>
      {message && (
        <p class="field-error" id={`${id}-error`}>
          {message}
        </p>
      )}
    </div>
  );
}
