import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiError, SavedTemplate } from './api';
import { Design, detailsByField, emptyDesign, generateCurl, Layer, moveLayer, newLayer, removeLayer, renderQuery, replaceLayer } from './state/design';
import { canRedo, canUndo, createHistory, History, record, redo, seal, undo } from './state/history';
import { FormField, JsonSchema, fieldFor, fieldsOf, layerSchema, layerTypes, parseInput, valueAt, withValue } from './state/schema-form';
import { Box, Guides, Handle, resizeBox, snapMove } from './state/snapping';

const ADD_LABELS: Record<string, string> = { text: 'Add text', image: 'Add image', rect: 'Add rectangle', ellipse: 'Add ellipse', qr: 'Add QR code' };
const HANDLES: Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
const PREVIEW_DEBOUNCE_MS = 25;
const SNAP_PX = 6;
const TEMPLATE_LABELS = ['Name', 'Template width', 'Template height', 'Background', 'Public render'];

interface Gesture {
  kind: 'move' | 'resize';
  handle?: Handle;
  index: number;
  start: Box;
  pointerX: number;
  pointerY: number;
  key: string;
}

const designOf = (saved: SavedTemplate): Design => {
  const { name, width, height, background, publicRender, layers } = saved;
  return { name, width, height, background, publicRender, layers };
};

export function Editor({ schema, templateId }: { schema: JsonSchema; templateId: string | null }) {
  const [history, setHistory] = useState<History<Design>>(() => createHistory(emptyDesign()));
  const [loaded, setLoaded] = useState(templateId === null);
  const [saved, setSaved] = useState<{ id: string; version: number; design: Design } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [saveErrors, setErrors] = useState<Map<string, string>>(new Map());
  // The preview validates like a save: its details show under their fields while typing.
  const [previewErrors, setPreviewErrors] = useState<Map<string, string>>(new Map());
  const errors = useMemo(() => new Map([...previewErrors, ...saveErrors]), [previewErrors, saveErrors]);
  const onPreviewDetails = useCallback((details: Map<string, string>) => {
    setPreviewErrors(details);
    // A design the preview accepts is one a save accepts: earlier save messages are out of date.
    if (details.size === 0) setErrors((current) => (current.size === 0 ? current : new Map()));
  }, []);
  const [status, setStatus] = useState<{ text: string; kind: 'ok' | 'error' | 'info' } | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const design = history.present;
  const types = useMemo(() => layerTypes(schema), [schema]);

  const load = useCallback(async (id: string) => {
    const template = await api.getTemplate(id);
    const loadedDesign = designOf(template);
    setHistory(createHistory(loadedDesign));
    setSaved({ id: template.id, version: template.version, design: loadedDesign });
    setConflict(false);
    setErrors(new Map());
    setLoaded(true);
  }, []);

  useEffect(() => {
    if (templateId) load(templateId).catch((error: ApiError) => setStatus({ text: error.message, kind: 'error' }));
  }, [templateId, load]);

  const dirty = saved ? saved.design !== design : history.past.length > 0;
  // Read at leave time from a ref set while rendering: an effect would attach the guard only after paint, so
  // leaving in the frame right after a change would not be asked about.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const guard = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, []);

  const change = useCallback((next: Design | ((current: Design) => Design), key: string | null = null) => {
    setHistory((current) => record(current, typeof next === 'function' ? next(current.present) : next, key));
  }, []);

  const selectedIndex = design.layers.findIndex((layer) => layer.name === selected);
  const selectedLayer = selectedIndex >= 0 ? design.layers[selectedIndex] : null;

  const doUndo = useCallback(() => setHistory((current) => undo(current)), []);
  const doRedo = useCallback(() => setHistory((current) => redo(current)), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select')) return;
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        doUndo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        doRedo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [doUndo, doRedo]);

  const addLayer = (type: string) => {
    const layer = newLayer(schema, type, design);
    change({ ...design, layers: [...design.layers, layer] });
    setSelected(layer.name);
  };

  const deleteSelected = () => {
    if (selectedIndex < 0) return;
    change(removeLayer(design, selectedIndex));
    setSelected(null);
  };

  const save = async () => {
    setSaving(true);
    setStatus({ text: 'Saving…', kind: 'info' });
    try {
      const result = saved ? await api.update(saved.id, design, saved.version) : await api.create(design);
      setSaved({ id: result.id, version: result.version, design });
      setErrors(new Map());
      setConflict(false);
      setHistory((current) => seal(current));
      if (!saved) window.history.replaceState(null, '', `/app/templates/${result.id}`);
      setStatus({ text: `Saved as v${result.version}`, kind: 'ok' });
    } catch (caught) {
      const error = caught as ApiError;
      if (error.code === 'version_conflict') {
        setConflict(true);
        setStatus({ text: 'This template was changed elsewhere since you opened it. Your changes were not saved.', kind: 'error' });
      } else {
        setErrors(detailsByField(error.details ?? []));
        setStatus({ text: error.message, kind: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    if (!saved) return;
    await load(saved.id);
    setStatus({ text: 'Reloaded the saved version.', kind: 'info' });
  };

  if (!loaded) return <p class="studio-loading">{status?.text ?? 'Loading…'}</p>;

  return (
    <div class="studio">
      <div class="toolbar" role="toolbar" aria-label="Editor">
        <a href="/app/templates" class="back">
          ← Templates
        </a>
        {types.map((type) => (
          <button type="button" key={type} onClick={() => addLayer(type)}>
            {ADD_LABELS[type] ?? `Add ${type}`}
          </button>
        ))}
        <span class="spacer" />
        <button type="button" onClick={doUndo} disabled={!canUndo(history)}>
          Undo
        </button>
        <button type="button" onClick={doRedo} disabled={!canRedo(history)}>
          Redo
        </button>
        {/* Event handlers are fire-and-forget: save reports its own failures in the status line. */}
        <button type="button" class="primary" onClick={() => void save()} disabled={saving}>
          Save
        </button>
        <span class="version" aria-live="polite">
          {saved ? `v${saved.version}` : 'not saved'}
          {dirty ? ' · unsaved changes' : ''}
        </span>
      </div>
      {status && (
        <p class={`status ${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.text}
          {conflict && (
            <button type="button" class="secondary" onClick={() => void reload()}>
              Reload
            </button>
          )}
        </p>
      )}
      <div class="workspace">
        <aside class="left">
          <TemplateSettings schema={schema} design={design} change={change} errors={errors} />
          <LayerList design={design} selected={selected} select={setSelected} change={change} />
        </aside>
        <section class="center">
          <Canvas
            design={design}
            selected={selected}
            select={setSelected}
            change={change}
            seal={() => setHistory((current) => seal(current))}
            onDelete={deleteSelected}
            onDetails={onPreviewDetails}
          />
        </section>
        <aside class="right">
          <h2>Properties</h2>
          {selectedLayer ? (
            <Properties
              key={selectedLayer.name + selectedIndex}
              schema={schema}
              layer={selectedLayer}
              index={selectedIndex}
              design={design}
              change={change}
              errors={errors}
              onDelete={deleteSelected}
              select={setSelected}
            />
          ) : (
            <p class="muted">Select a layer on the canvas or in the list.</p>
          )}
          {saved && <UseIt id={saved.id} design={saved.design} />}
        </aside>
      </div>
    </div>
  );
}

function TemplateSettings({
  schema,
  design,
  change,
  errors,
}: {
  schema: JsonSchema;
  design: Design;
  change: (next: Design, key?: string | null) => void;
  errors: Map<string, string>;
}) {
  const properties = schema.properties ?? {};
  const labels: Record<string, string> = { name: 'Name', width: 'Template width', height: 'Template height', background: 'Background' };
  const fields = Object.keys(labels)
    .filter((key) => properties[key])
    .map((key) => ({ ...fieldFor(key, properties[key], [key], true), label: labels[key] }));
  const publicRender = design.publicRender === 'signed' ? 'signed' : design.publicRender ? 'true' : 'false';
  return (
    <section class="panel" aria-labelledby="settings-title">
      <h2 id="settings-title">Template</h2>
      {fields.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          value={valueAt(design, field.path)}
          error={errors.get(field.key)}
          id={`template-${field.key}`}
          onValue={(value) => change(withValue(design, field.path, value), `template:${field.key}`)}
        />
      ))}
      <div class="field">
        <label for="template-public-render">Public render</label>
        <select
          id="template-public-render"
          value={publicRender}
          onChange={(event) => {
            const value = (event.target as HTMLSelectElement).value;
            change({ ...design, publicRender: value === 'signed' ? 'signed' : value === 'true' });
          }}
        >
          <option value="true">Yes: GET /api/render works</option>
          <option value="signed">Signed URLs only</option>
          <option value="false">No</option>
        </select>
      </div>
    </section>
  );
}

function LayerList({
  design,
  selected,
  select,
  change,
}: {
  design: Design;
  selected: string | null;
  select: (name: string) => void;
  change: (next: Design) => void;
}) {
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
              onClick={() => change(replaceLayer(design, index, { ...layer, hidden: !layer.hidden }))}
            >
              {layer.hidden ? '◌' : '●'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Canvas({
  design,
  selected,
  select,
  change,
  seal,
  onDelete,
  onDetails,
}: {
  design: Design;
  selected: string | null;
  select: (name: string | null) => void;
  change: (next: Design | ((current: Design) => Design), key?: string | null) => void;
  seal: () => void;
  onDelete: () => void;
  onDetails: (details: Map<string, string>) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(800);
  const [guides, setGuides] = useState<Guides>({ vertical: [], horizontal: [] });
  const gesture = useRef<Gesture | null>(null);
  const preview = usePreview(design, Math.min(design.width, Math.ceil(Math.min(available, design.width) * (window.devicePixelRatio || 1))), onDetails);

  useEffect(() => {
    const element = frame.current!;
    const observer = new ResizeObserver(() => setAvailable(Math.max(120, element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = Math.min(1, available / design.width);
  const begin = (event: PointerEvent, index: number, kind: Gesture['kind'], handle?: Handle) => {
    event.preventDefault();
    event.stopPropagation();
    const layer = design.layers[index];
    select(layer.name);
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    gesture.current = {
      kind,
      handle,
      index,
      pointerX: event.clientX,
      pointerY: event.clientY,
      key: `${kind}:${layer.name}:${event.timeStamp}`,
      start: { x: layer.x ?? 0, y: layer.y ?? 0, width: layer.width, height: layer.height },
    };
  };
  const move = (event: PointerEvent) => {
    const active = gesture.current;
    if (!active) return;
    const dx = (event.clientX - active.pointerX) / scale;
    const dy = (event.clientY - active.pointerY) / scale;
    const canvas = { width: design.width, height: design.height };
    const threshold = SNAP_PX / scale;
    const snapped =
      active.kind === 'move'
        ? snapMove({ ...active.start, x: active.start.x + dx, y: active.start.y + dy }, canvas, threshold)
        : resizeBox(active.start, active.handle!, dx, dy, canvas, threshold);
    setGuides(snapped.guides);
    change((current) => replaceLayer(current, active.index, { ...current.layers[active.index], ...snapped.box }), active.key);
  };
  const end = () => {
    if (!gesture.current) return;
    gesture.current = null;
    setGuides({ vertical: [], horizontal: [] });
    seal();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = design.layers.findIndex((layer) => layer.name === selected);
    if (index < 0) return;
    const step = event.shiftKey ? 10 : 1;
    const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (delta[event.key]) {
      event.preventDefault();
      const layer = design.layers[index];
      change(replaceLayer(design, index, { ...layer, x: (layer.x ?? 0) + delta[event.key][0], y: (layer.y ?? 0) + delta[event.key][1] }));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onDelete();
    } else if (event.key === 'Escape') select(null);
  };

  return (
    <div class="canvas-frame" ref={frame}>
      <div
        class="canvas"
        role="application"
        aria-label="Template canvas"
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-preview={preview.state}
        style={{ width: `${design.width * scale}px`, height: `${design.height * scale}px`, background: design.background }}
        onPointerDown={(event) => {
          if (event.target === event.currentTarget || (event.target as HTMLElement).tagName === 'IMG') select(null);
        }}
      >
        {preview.url && <img class="preview" src={preview.url} alt="" draggable={false} data-sequence={preview.sequence} />}
        {design.layers.map((layer, index) => (
          <div
            key={layer.name}
            class={`layer${layer.name === selected ? ' selected' : ''}${layer.hidden ? ' hidden' : ''}`}
            data-layer={layer.name}
            aria-label={layer.name}
            style={{
              left: `${(layer.x ?? 0) * scale}px`,
              top: `${(layer.y ?? 0) * scale}px`,
              width: `${layer.width * scale}px`,
              height: `${layer.height * scale}px`,
              transform: typeof layer.rotation === 'number' && layer.rotation !== 0 ? `rotate(${layer.rotation}deg)` : undefined,
            }}
            onPointerDown={(event) => begin(event, index, 'move')}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
          >
            {layer.name === selected &&
              HANDLES.map((handle) => (
                <span
                  key={handle}
                  class={`handle ${handle}`}
                  data-handle={handle}
                  onPointerDown={(event) => begin(event, index, 'resize', handle)}
                  onPointerMove={move}
                  onPointerUp={end}
                  onPointerCancel={end}
                />
              ))}
          </div>
        ))}
        {guides.vertical.map((line) => (
          <span key={`v${line}`} class="guide vertical" style={{ left: `${line * scale}px` }} />
        ))}
        {guides.horizontal.map((line) => (
          <span key={`h${line}`} class="guide horizontal" style={{ top: `${line * scale}px` }} />
        ))}
      </div>
      {preview.error && (
        <p class="status error" role="alert">
          Preview: {preview.error}
        </p>
      )}
    </div>
  );
}

/** The server's drawing of the design, refreshed (debounced) on every change; the newest answer wins. */
function usePreview(design: Design, width: number, onDetails: (details: Map<string, string>) => void) {
  const [state, setState] = useState<{ url: string | null; sequence: number; state: 'loading' | 'ready' | 'error'; error: string | null }>({
    url: null,
    sequence: 0,
    state: 'loading',
    error: null,
  });
  const sequence = useRef(0);
  useEffect(() => {
    const mine = ++sequence.current;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.preview(design, Math.max(1, width), controller.signal).then(
        (blob) => {
          if (mine !== sequence.current) return;
          onDetails(new Map());
          setState((previous) => {
            if (previous.url) URL.revokeObjectURL(previous.url);
            return { url: URL.createObjectURL(blob), sequence: mine, state: 'ready', error: null };
          });
        },
        (error: ApiError | DOMException) => {
          if (mine !== sequence.current || (error as DOMException).name === 'AbortError') return;
          onDetails(detailsByField((error as ApiError).details ?? [], 'template.'));
          const details = (error as ApiError).details?.map((detail) => `${detail.path.replace(/^template\./, '')}: ${detail.message}`).join('; ');
          setState((previous) => ({ ...previous, state: 'error', error: details || (error as ApiError).message }));
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    setState((previous) => ({ ...previous, state: 'loading' }));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [design, width]);
  return state;
}

function Properties({
  schema,
  layer,
  index,
  design,
  change,
  errors,
  onDelete,
  select,
}: {
  schema: JsonSchema;
  layer: Layer;
  index: number;
  design: Design;
  change: (next: Design, key?: string | null) => void;
  errors: Map<string, string>;
  onDelete: () => void;
  select: (name: string) => void;
}) {
  const variant = layerSchema(schema, layer.type);
  // A layer field named like a template setting (a QR code's `background`) says whose it is.
  const fields = useMemo(
    () =>
      (variant ? fieldsOf(variant) : []).map((field) =>
        TEMPLATE_LABELS.includes(field.label) ? { ...field, label: `Layer ${field.label.toLowerCase()}` } : field,
      ),
    [variant],
  );
  const update = (field: FormField, value: unknown) => {
    const next = withValue(layer, field.path, value);
    change(replaceLayer(design, index, next), `field:${index}:${field.path.join('.')}`);
    if (field.key === 'name' && typeof value === 'string') select(value);
  };
  return (
    <section class="panel properties" aria-label={`Properties of ${layer.name}`}>
      <p class="muted">{layer.type} layer</p>
      {fields.map((field) => (
        <FieldInput
          key={field.path.join('.')}
          field={field}
          value={valueAt(layer, field.path)}
          id={`field-${field.path.join('-')}`}
          error={errors.get(`layers.${index}.${field.path.join('.')}`)}
          onValue={(value) => update(field, value)}
          errorsFor={(path) => errors.get(`layers.${index}.${path}`)}
        />
      ))}
      <button type="button" class="danger" onClick={onDelete}>
        Delete layer
      </button>
    </section>
  );
}

function FieldInput({
  field,
  value,
  error,
  id,
  onValue,
  errorsFor,
}: {
  field: FormField;
  value: unknown;
  error?: string;
  id: string;
  onValue: (value: unknown) => void;
  errorsFor?: (path: string) => string | undefined;
}) {
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
    setLocal(parsed.error ?? null);
    if (!parsed.error) onValue(parsed.value);
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

function FontPicker({ id, value, onValue, error }: { id: string; value: string; onValue: (value: unknown) => void; error?: string }) {
  const [fonts, setFonts] = useState<string[]>([]);
  const [uploadMessage, setUploadMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const refresh = useCallback(
    () =>
      api.fonts().then(
        (answer) => setFonts(answer.data.map((font) => font.family)),
        () => undefined,
      ),
    [],
  );
  useEffect(() => void refresh(), [refresh]);
  const families = fonts.includes(value) || !value ? fonts : [value, ...fonts];
  const upload = async (event: Event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    try {
      const font = await api.uploadFont(file);
      await refresh();
      onValue(font.family);
      setUploadMessage({ text: `Uploaded ${font.family}`, ok: true });
    } catch (caught) {
      setUploadMessage({ text: (caught as ApiError).message, ok: false });
    } finally {
      input.value = '';
    }
  };
  return (
    <div class="field font">
      <label for={id}>Font family</label>
      <select id={id} value={value} onChange={(event) => onValue((event.target as HTMLSelectElement).value)} aria-invalid={error ? true : undefined}>
        {families.map((family) => (
          <option key={family} value={family}>
            {family}
          </option>
        ))}
      </select>
      <label class="upload">
        Upload font
        <input type="file" accept=".ttf,.otf,.woff,.woff2,font/*" onChange={(event) => void upload(event)} />
      </label>
      {uploadMessage && (
        <p class={uploadMessage.ok ? 'field-ok' : 'field-error'} role={uploadMessage.ok ? 'status' : 'alert'}>
          {uploadMessage.text}
        </p>
      )}
      {error && <p class="field-error">{error}</p>}
    </div>
  );
}

function UseIt({ id, design }: { id: string; design: Design }) {
  const [renderUrl, setRenderUrl] = useState<string | null>(null);
  const [urlNote, setUrlNote] = useState<string | null>(null);
  const curl = generateCurl(window.location.origin, id, design);
  useEffect(() => {
    if (design.publicRender === false) {
      setRenderUrl(null);
      setUrlNote('Public render is off: turn it on in the template settings for a GET URL.');
      return;
    }
    api.renderUrl(id, renderQuery(design)).then(
      (answer) => {
        setRenderUrl(answer.url);
        setUrlNote(answer.signed ? 'Signed with your URL-signing secret.' : null);
      },
      (error: ApiError) => {
        setRenderUrl(null);
        setUrlNote(error.message);
      },
    );
  }, [id, design]);
  return (
    <section class="panel use-it" aria-labelledby="use-it-title">
      <h2 id="use-it-title">Use it</h2>
      <label for="use-it-curl">POST /api/generate</label>
      <textarea id="use-it-curl" readOnly rows={6} value={curl} />
      <label for="use-it-url">GET /api/render URL</label>
      <input id="use-it-url" type="text" readOnly value={renderUrl ?? ''} />
      {urlNote && <p class="muted">{urlNote}</p>}
    </section>
  );
}
