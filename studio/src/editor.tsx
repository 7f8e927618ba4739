import { useCallback, useMemo, useState } from 'preact/hooks';
import { api, ApiError, Asset } from './api';
import { ArrangeBar } from './components/arrange-bar';
import { AssetsPanel } from './components/assets-panel';
import { Canvas } from './components/canvas';
import { ContextMenu } from './components/context-menu';
import { layerMenuItems } from './components/layer-menu';
import { LayerList } from './components/layer-list';
import { Properties } from './components/properties';
import { StartPanel } from './components/start-panel';
import { ShortcutsHelp } from './components/shortcuts-help';
import { StatusLine } from './components/status-line';
import { TemplateSettings } from './components/template-settings';
import { Toolbar } from './components/toolbar';
import { UseIt, UseItButton } from './components/use-it';
import { useEditorShortcuts } from './hooks/use-editor-shortcuts';
import { useHistoryShortcuts } from './hooks/use-history-shortcuts';
import { useLayerCommands } from './hooks/use-layer-commands';
import { useLeaveGuard } from './hooks/use-leave-guard';
import { useTemplateDocument } from './hooks/use-template-document';
import { studioHost } from './host';
import { assetLayer, isUploadableImage } from './state/assets';
import { layerIndex, newLayer, replaceLayer } from './state/design';
import { canRedo, canUndo } from './state/history';
import { JsonSchema, layerTypes } from './state/schema-form';
import { NO_SELECTION, renameSelected, selectedNames, selectLayer, selectMany, toggleSelected } from './state/selection';

/** The studio: toolbar on top, template settings and layers left, the canvas centre, properties right. */
export function Editor({ schema, templateId }: { schema: JsonSchema; templateId: string | null }) {
  const template = useTemplateDocument(templateId);
  const { design, history, saved, status, change, doUndo, doRedo } = template;
  const [selection, setSelection] = useState(NO_SELECTION);
  const selected = selection.name;
  const setSelected = useCallback((name: string | null) => setSelection((current) => selectLayer(current, name)), []);
  const toggle = useCallback((name: string) => setSelection((current) => toggleSelected(current, name)), []);
  const names = selectedNames(selection);
  const rename = useCallback((name: string) => setSelection((current) => renameSelected(current, name)), []);
  const host = studioHost();
  // A new template offers sizes and starters until one is chosen (or a layer is added).
  const [starting, setStarting] = useState(templateId === null);
  const [assetsSeen, setAssetsSeen] = useState(0);
  const [dropNotice, setDropNotice] = useState<string | null>(null);
  // An embed without addLayers offers no Add buttons (§23; the server refuses new layers anyway).
  const types = useMemo(() => (host.permissions.addLayers ? layerTypes(schema) : []), [schema, host]);
  useLeaveGuard(template.dirty);
  useHistoryShortcuts(doUndo, doRedo);
  const selectNames = useCallback((list: readonly string[]) => setSelection((current) => selectMany(current, list)), []);
  const commands = useLayerCommands({ design, change, names, selectNames, types });
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const [helpOpen, setHelpOpen] = useState(false);
  const some = names.length > 0;
  // Copy and cut only with layers selected: otherwise the keys keep copying the page's selected text.
  useEditorShortcuts({
    copy: () => some && void commands.copy(),
    cut: () => some && void commands.cut(),
    paste: () => void commands.paste(),
    duplicate: commands.duplicate,
    lock: commands.lock,
    forward: commands.forward,
    backward: commands.backward,
    'select-all': commands.selectAll,
    help: () => setHelpOpen(true),
  });

  const selectedIndex = layerIndex(design, selected);
  const selectedLayer = selectedIndex >= 0 ? design.layers[selectedIndex] : null;

  const addLayer = (type: string) => {
    const layer = newLayer(schema, type, design);
    change({ ...design, layers: [...design.layers, layer] });
    setSelected(layer.name);
    setStarting(false);
  };

  const deleteSelected = commands.remove;

  // An asset goes into the selected image layer, or a new image layer at a free spot in the middle.
  const pickAsset = (asset: Asset) => {
    if (selectedLayer?.type === 'image') {
      change(replaceLayer(design, selectedIndex, { ...selectedLayer, imageUrl: `asset:${asset.id}` }));
      return;
    }
    const layer = assetLayer(design, asset, { x: design.width / 2, y: design.height / 2 });
    const placed = { ...layer, ...(design.layers.some((item) => item.x === layer.x && item.y === layer.y) ? { x: layer.x! + 24, y: layer.y! + 24 } : {}) };
    change({ ...design, layers: [...design.layers, placed] });
    setSelected(placed.name);
  };
  // §24: a file dropped on the canvas is uploaded and becomes an image layer at the drop point; anything else is said.
  const dropFile = async (file: File, point: { x: number; y: number }) => {
    if (!host.permissions.uploadAssets) {
      setDropNotice('Uploading images is not allowed here; nothing was added.');
      return;
    }
    if (!isUploadableImage(file)) {
      setDropNotice(`${file.name} is not an image the canvas takes (PNG, JPEG, WebP, AVIF or GIF); nothing was added.`);
      return;
    }
    setDropNotice(`Uploading ${file.name}…`);
    try {
      const asset = await api.uploadAsset(file);
      const layer = assetLayer(design, asset, point);
      change((current) => ({ ...current, layers: [...current.layers, { ...layer, name: layer.name }] }));
      setSelected(layer.name);
      setAssetsSeen((count) => count + 1);
      setDropNotice(null);
    } catch (error) {
      setDropNotice(`${file.name}: ${(error as ApiError).message}; nothing was added.`);
    }
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
        onShortcuts={() => setHelpOpen(true)}
      />
      {status && <StatusLine status={status} onReload={template.conflict ? () => void template.reload() : null} />}
      <div class="workspace">
        <aside class="left">
          <TemplateSettings schema={schema} design={design} change={change} errors={template.errors} />
          <LayerList design={design} selected={selected} select={setSelected} change={change} />
          {/* An embed may upload (a drop on the canvas) with uploadAssets, never browse the account's assets. */}
          {!host.embedded && <AssetsPanel refresh={assetsSeen} onPick={pickAsset} />}
        </aside>
        <section class="center">
          {starting && (
            <StartPanel
              design={design}
              onStart={(next) => {
                change(next);
                setSelected(null);
                setStarting(false);
              }}
              onClose={() => setStarting(false)}
            />
          )}
          <ArrangeBar
            count={names.length}
            onAlign={commands.align}
            onDistribute={commands.distribute}
            onDuplicate={commands.duplicate}
            onLock={commands.lock}
            allLocked={commands.allLocked}
          />
          <Canvas
            {...editing}
            select={setSelected}
            toggle={toggle}
            selected={selected}
            selectedNames={names}
            locked={commands.locked}
            selectNames={selectNames}
            onMenu={setMenu}
            seal={template.doSeal}
            onDetails={template.onPreviewDetails}
            onDropFile={(file, point) => void dropFile(file, point)}
          />
          {commands.notice && (
            <p class="status info" role="status">
              {commands.notice}
            </p>
          )}
          {dropNotice && (
            <p class="status error" role="alert">
              {dropNotice}
            </p>
          )}
        </section>
        <aside class="right">
          <div class="right-head">
            <h2>Properties</h2>
            {!host.embedded && <UseItButton />}
          </div>
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
          {!host.embedded && <UseIt id={saved?.id ?? null} design={saved?.design ?? null} />}
        </aside>
      </div>
      {menu && <ContextMenu at={menu} items={layerMenuItems(commands, names.length)} onClose={closeMenu} />}
      {helpOpen && <ShortcutsHelp onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
