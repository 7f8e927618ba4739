import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import type { FontFamilyInfo } from '../state/font-faces';

/** One `GET /api/fonts` shared by every panel that needs the families (picker, weights, runs). */
let loaded: FontFamilyInfo[] = [];
let pending: Promise<void> | null = null;
const listeners = new Set<(fonts: FontFamilyInfo[]) => void>();

/** Fetches the list again (after an upload) and tells every user of the hook. */
export function refreshFonts(): Promise<void> {
  pending = api.fonts().then(
    (answer) => {
      loaded = answer.data;
      for (const listener of listeners) listener(loaded);
    },
    () => undefined,
  );
  return pending;
}

export function useFonts(): FontFamilyInfo[] {
  const [fonts, setFonts] = useState(loaded);
  useEffect(() => {
    listeners.add(setFonts);
    if (!pending) void refreshFonts();
    else setFonts(loaded);
    return () => void listeners.delete(setFonts);
  }, []);
  return fonts;
}
