import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ApiError, SavedTemplate } from '../api';
import { embedApi, Overrides } from './embed-api';
import type { ParentChannel } from './parent';

/** The one field a form row edits, by layer type: its text, its image URL, or its colour. */
const FIELD: Record<string, { field: string; kind: string }> = {
  text: { field: 'text', kind: 'text' },
  qr: { field: 'text', kind: 'text' },
  barcode: { field: 'text', kind: 'text' },
  image: { field: 'imageUrl', kind: 'image URL' },
  rect: { field: 'fill', kind: 'colour' },
  ellipse: { field: 'fill', kind: 'colour' },
};

const PREVIEW_DEBOUNCE_MS = 150;
const PREVIEW_WIDTH = 800;

interface Row {
  layer: string;
  field: string;
  kind: string;
  initial: string;
}

/** Form mode (§23): one field per permitted layer, the server's live drawing, and Render. */
export function EmbedForm({ templateId, layers, channel }: { templateId: string; layers: string[] | null; channel: ParentChannel }) {
  const [template, setTemplate] = useState<SavedTemplate | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ url: string | null; state: 'loading' | 'ready' | 'error' }>({ url: null, state: 'loading' });
  const [result, setResult] = useState<{ imageUrl?: string; error?: string } | null>(null);
  const [rendering, setRendering] = useState(false);

  useEffect(() => {
    embedApi.template(templateId).then(
      (loaded) => {
        setTemplate(loaded);
        channel.notify({ type: 'pictor:ready' });
      },
      (caught: ApiError) => setError(caught.message),
    );
  }, [templateId, channel]);

  const rows: Row[] = useMemo(
    () =>
      (template?.layers ?? []).flatMap((layer) => {
        const field = FIELD[layer.type];
        if (!field || (layers !== null && !layers.includes(layer.name))) return [];
        const initial = layer[field.field];
        return [{ layer: layer.name, ...field, initial: typeof initial === 'string' ? initial : '' }];
      }),
    [template, layers],
  );

  // Only what the person changed is sent: the template's own values stay as designed.
  const overrides: Overrides = useMemo(() => {
    const result: Overrides = {};
    for (const row of rows) {
      const value = values[row.layer];
      if (value !== undefined && value !== row.initial) result[row.layer] = { [row.field]: value === '' && row.field === 'imageUrl' ? null : value };
    }
    return result;
  }, [rows, values]);

  useEffect(
    () =>
      channel.listen((message) => {
        setValues((current) => {
          const next = { ...current };
          for (const row of rows) {
            const value = message.layers[row.layer]?.[row.field];
            if (typeof value === 'string') next[row.layer] = value;
          }
          return next;
        });
      }),
    [channel, rows],
  );

  const sequence = useRef(0);
  useEffect(() => {
    if (!template) return;
    const mine = ++sequence.current;
    const controller = new AbortController();
    setPreview((current) => ({ ...current, state: 'loading' }));
    const timer = setTimeout(() => {
      embedApi.preview(template, overrides, Math.min(PREVIEW_WIDTH, template.width), controller.signal).then(
        (blob) => {
          if (mine !== sequence.current) return;
          setPreview((current) => {
            if (current.url) URL.revokeObjectURL(current.url);
            return { url: URL.createObjectURL(blob), state: 'ready' };
          });
        },
        (caught: ApiError | DOMException) => {
          if (mine === sequence.current && caught.name !== 'AbortError') setPreview((current) => ({ ...current, state: 'error' }));
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [template, overrides]);

  const render = async () => {
    setRendering(true);
    try {
      const answer = await embedApi.render(templateId, overrides);
      setResult({ imageUrl: answer.imageUrl });
      channel.notify({ type: 'pictor:rendered', imageUrl: answer.imageUrl });
    } catch (caught) {
      setResult({ error: (caught as ApiError).message });
    } finally {
      setRendering(false);
    }
  };

  if (error)
    return (
      <p class="embed-form-error" role="alert">
        {error}
      </p>
    );
  if (!template) return <p class="studio-loading">Loading…</p>;
  return (
    <div class="embed-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void render();
        }}
      >
        {rows.map((row) => (
          <div class="field" key={row.layer}>
            <label for={`field-${row.layer}`}>{row.layer}</label>
            <input
              id={`field-${row.layer}`}
              // Preact types `type` per value; both values take the same attributes here.
              type={(row.kind === 'image URL' ? 'url' : 'text') as 'text'}
              value={values[row.layer] ?? row.initial}
              placeholder={row.kind}
              onInput={(event) => {
                const value = (event.target as HTMLInputElement).value;
                setValues((current) => ({ ...current, [row.layer]: value }));
              }}
            />
          </div>
        ))}
        <button type="submit" class="primary" disabled={rendering}>
          Render
        </button>
        {result?.imageUrl && (
          <p role="status" class="embed-form-result">
            Image:{' '}
            <a href={result.imageUrl} target="_blank" rel="noopener noreferrer">
              {result.imageUrl}
            </a>
          </p>
        )}
        {result?.error && (
          <p role="alert" class="embed-form-error">
            {result.error}
          </p>
        )}
      </form>
      <figure class="embed-form-preview" data-preview={preview.state}>
        {preview.url && <img class="preview" src={preview.url} alt={`Preview of ${template.name}`} />}
      </figure>
    </div>
  );
}
