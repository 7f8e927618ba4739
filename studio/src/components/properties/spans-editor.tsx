import { useState } from 'preact/hooks';
import { useFonts } from '../../hooks/use-fonts';
import { familyOf, styleChoices, weightChoices } from '../../state/font-faces';
import { addSpan, moveSpan, removeSpan, setSpanField, Span, spansValue } from '../../state/spans';

const COLOR = /^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|transparent)$/;

export interface SpansEditorProps {
  spans: Span[] | null | undefined;
  /** The layer's own family: a run without one draws in it. */
  layerFamily: string;
  onValue: (spans: Span[] | undefined) => void;
  errorsFor: (path: string) => string | undefined;
}

/** `spans` as a list of styled runs (text plus the style fields a run may set), added, removed and reordered in place. */
export function SpansEditor({ spans, layerFamily, onValue, errorsFor }: SpansEditorProps) {
  const runs = spans ?? [];
  const fonts = useFonts();
  const set = <K extends keyof Span>(index: number, key: K, value: Span[K] | undefined) => onValue(spansValue(setSpanField(runs, index, key, value)));
  return (
    <div class="spans-editor">
      <p class="muted">
        {runs.length === 0 ? 'No runs: the layer draws its Text. Runs replace it with differently styled pieces.' : 'Drawn in this order, replacing Text.'}
      </p>
      <ol class="runs">
        {runs.map((span, index) => {
          const run = `Run ${index + 1}`;
          const id = `span-${index}`;
          const info = familyOf(fonts, span.fontFamily ?? layerFamily);
          return (
            <li key={index} class="run" data-run={index}>
              <div class="field text">
                <label for={`${id}-text`}>{run} text</label>
                <input id={`${id}-text`} type="text" value={span.text} onInput={(event) => set(index, 'text', (event.target as HTMLInputElement).value)} />
                {errorsFor(`spans.${index}.text`) && <p class="field-error">{errorsFor(`spans.${index}.text`)}</p>}
              </div>
              <div class="grid">
                <RunSelect
                  id={`${id}-weight`}
                  label={`${run} weight`}
                  value={span.fontWeight === undefined ? '' : String(span.fontWeight === 'bold' ? 700 : span.fontWeight === 'normal' ? 400 : span.fontWeight)}
                  options={weightChoices(info, span.fontWeight ?? info?.weights[0] ?? 400)}
                  onChoose={(value) => set(index, 'fontWeight', value === '' ? undefined : Number(value))}
                />
                <RunSelect
                  id={`${id}-style`}
                  label={`${run} style`}
                  value={span.fontStyle ?? ''}
                  options={styleChoices(info)}
                  onChoose={(value) => set(index, 'fontStyle', value === '' ? undefined : (value as Span['fontStyle']))}
                />
                <RunSelect
                  id={`${id}-font`}
                  label={`${run} font`}
                  value={span.fontFamily ?? ''}
                  options={fonts.map((font) => ({ value: font.family, label: font.family }))}
                  onChoose={(value) => set(index, 'fontFamily', value === '' ? undefined : value)}
                />
                <RunColor
                  id={`${id}-color`}
                  label={`${run} color`}
                  value={span.color}
                  error={errorsFor(`spans.${index}.color`)}
                  onValue={(value) => set(index, 'color', value)}
                />
              </div>
              <div class="run-actions">
                <label class="toggle">
                  <input
                    type="checkbox"
                    checked={span.underline === true}
                    onChange={(event) => set(index, 'underline', (event.target as HTMLInputElement).checked || undefined)}
                  />{' '}
                  {run} underline
                </label>
                <button
                  type="button"
                  class="icon"
                  aria-label={`Move run ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => onValue(spansValue(moveSpan(runs, index, -1)))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  class="icon"
                  aria-label={`Move run ${index + 1} down`}
                  disabled={index === runs.length - 1}
                  onClick={() => onValue(spansValue(moveSpan(runs, index, 1)))}
                >
                  ↓
                </button>
                <button type="button" class="icon" aria-label={`Remove run ${index + 1}`} onClick={() => onValue(spansValue(removeSpan(runs, index)))}>
                  ✕
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" class="secondary" onClick={() => onValue(spansValue(addSpan(runs)))}>
        Add run
      </button>
    </div>
  );
}

function RunSelect({
  id,
  label,
  value,
  options,
  onChoose,
}: {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChoose: (value: string) => void;
}) {
  const shown = value === '' || options.some((option) => option.value === value) ? options : [{ value, label: value }, ...options];
  return (
    <div class="field select">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChoose((event.target as HTMLSelectElement).value)}>
        <option value="">(layer’s)</option>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A run's colour: empty is the layer's; anything else must be a colour the server takes. */
function RunColor({
  id,
  label,
  value,
  error,
  onValue,
}: {
  id: string;
  label: string;
  value?: string;
  error?: string;
  onValue: (value: string | undefined) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const type = (text: string) => {
    setDraft(text);
    const trimmed = text.trim();
    if (trimmed === '') {
      setLocal(null);
      onValue(undefined);
    } else if (COLOR.test(trimmed)) {
      setLocal(null);
      onValue(trimmed);
    } else setLocal('A colour like #1d4ed8 (or transparent)');
  };
  const message = local ?? error;
  return (
    <div class="field color">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        placeholder="layer’s"
        value={draft ?? value ?? ''}
        aria-invalid={message ? true : undefined}
        onFocus={() => setDraft(value ?? '')}
        onBlur={() => setDraft(null)}
        onInput={(event) => type((event.target as HTMLInputElement).value)}
      />
      {message && <p class="field-error">{message}</p>}
    </div>
  );
}
