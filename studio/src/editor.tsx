import { useCallback, useMemo, useState } from 'preact/hooks';
import { Canvas } from './components/canvas';
import { LayerList } from './components/layer-list';
import { Properties } from './components/properties';
import { StatusLine } from './components/status-line';
import { TemplateSettings } from './components/template-settings';
import { Toolbar } from './components/toolbar';
import { UseIt } from './components/use-it';
import { useHistoryShortcuts } from './hooks/use-history-shortcuts';
import { useLeaveGuard } from './hooks/use-leave-guard';
import { useTemplateDocument } from './hooks/use-template-document';
import { studioHost } from './host';
import { layerIndex, newLayer, removeLayer } from './state/design';
import { canRedo, canUndo } from './state/history';
import { JsonSchema, layerTypes } from './state/schema-form';
import { NO_SELECTION, renameSelected, selectLayer } from './state/selection';

/** The studio: toolbar on top, template settings and layers left, the canvas centre, properties right. */
export function Editor({ schema, templateId }: { schema: JsonSchema; templateId: string | null }) {
  const template = useTemplateDocument(templateId);
  const { design, history, saved, status, change, doUndo, doRedo } = template;
  const [selection, setSelection] = useState(NO_SELECTION);
  const selected = selection.name;
  const setSelected = useCallback((name: string | null) => setSelection((current) => selectLayer(current, name)), []);
  const rename = useCallback((name: string) => setSelection((current) => renameSelected(current, name)), []);
  const host = studioHost();
  // An embed without addLayers offers no Add buttons (§23; the server refuses new layers anyway).
  const types = useMemo(() => (host.permissions.addLayers ? layerTypes(schema) : []), [schema, host]);
  useLeaveGuard(template.dirty);
  useHistoryShortcuts(doUndo, doRedo);

  const selectedIndex = layerIndex(design, selected);
  const selectedLayer = selectedIndex >= 0 ? design.layers[selectedIndex] : null;

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

  // What the canvas and the properties panel both edit with.
  const editing = { design, change, onDelete: deleteSelected };

  if (!template.loaded) return <p class="studio-loading">{status?.text ?? 'Loading…'}</p>;

  return (
    <div class="studio">
      <Toolbar
        types={types}
        onAdd={addLayer}
        canUndo={canUndo(history)}
        canRedo={canRedo(history)}
        onUndo={doUndo}
        onRedo={doRedo}
        // Event handlers are fire-and-forget: save reports its own failures in the status line.
        onSave={() => void template.save()}
        saving={template.saving}
        embedded={host.embedded}
        canSave={host.permissions.save}
        version={saved ? saved.version : null}
        dirty={template.dirty}
      />
      {status && <StatusLine status={status} onReload={template.conflict ? () => void template.reload() : null} />}
      <div class="workspace">
        <aside class="left">
          <TemplateSettings schema={schema} design={design} change={change} errors={template.errors} />
          <LayerList design={design} selected={selected} select={setSelected} change={change} />
        </aside>
        <section class="center">
          <Canvas {...editing} select={setSelected} selected={selected} seal={template.doSeal} onDetails={template.onPreviewDetails} />
        </section>
        <aside class="right">
          <h2>Properties</h2>
          {selectedLayer ? (
            <Properties
              key={selection.serial}
              schema={schema}
              layer={selectedLayer}
              index={selectedIndex}
              errors={template.errors}
              onRename={rename}
              {...editing}
            />
          ) : (
            <p class="muted">Select a layer on the canvas or in the list.</p>
          )}
          {saved && !host.embedded && <UseIt id={saved.id} design={saved.design} />}
        </aside>
      </div>
    </div>
  );
}
