import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { api, ApiError, SavedTemplate } from '../api';
import { studioHost } from '../host';
import { Design, detailsByField, emptyDesign } from '../state/design';
import { createHistory, History, record, redo, seal, undo } from '../state/history';

export interface Status {
  text: string;
  kind: 'ok' | 'error' | 'info';
}

/** A change to the design; steps with the same `key` in a row make one undo step. */
export type Change = (next: Design | ((current: Design) => Design), key?: string | null) => void;

const designOf = (saved: SavedTemplate): Design => {
  const { name, width, height, background, publicRender, layers } = saved;
  return { name, width, height, background, publicRender, layers };
};

/** The template being edited: its history, what was saved, loading, saving and the messages about them. */
export function useTemplateDocument(templateId: string | null) {
  const [history, setHistory] = useState<History<Design>>(() => createHistory(emptyDesign()));
  const [loaded, setLoaded] = useState(templateId === null);
  const [saved, setSaved] = useState<{ id: string; version: number; design: Design } | null>(null);
  const [saveErrors, setErrors] = useState<Map<string, string>>(new Map());
  // The preview validates like a save: its details show under their fields while typing.
  const [previewErrors, setPreviewErrors] = useState<Map<string, string>>(new Map());
  const errors = useMemo(() => new Map([...previewErrors, ...saveErrors]), [previewErrors, saveErrors]);
  const onPreviewDetails = useCallback((details: Map<string, string>) => {
    setPreviewErrors(details);
    // A design the preview accepts is one a save accepts: earlier save messages are out of date.
    if (details.size === 0) setErrors((current) => (current.size === 0 ? current : new Map()));
  }, []);
  const [status, setStatus] = useState<Status | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const design = history.present;

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

  const change: Change = useCallback((next, key = null) => {
    setHistory((current) => record(current, typeof next === 'function' ? next(current.present) : next, key));
  }, []);
  const doUndo = useCallback(() => setHistory((current) => undo(current)), []);
  const doRedo = useCallback(() => setHistory((current) => redo(current)), []);
  const doSeal = useCallback(() => setHistory((current) => seal(current)), []);

  const save = async () => {
    setSaving(true);
    setStatus({ text: 'Saving…', kind: 'info' });
    try {
      const result = saved ? await api.update(saved.id, design, saved.version) : await api.create(design);
      setSaved({ id: result.id, version: result.version, design });
      setErrors(new Map());
      setConflict(false);
      doSeal();
      studioHost().saved(result, !saved);
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

  const dirty = saved ? saved.design !== design : history.past.length > 0;
  return { history, design, loaded, saved, dirty, errors, onPreviewDetails, status, conflict, saving, change, doUndo, doRedo, doSeal, save, reload };
}
