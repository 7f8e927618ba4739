import { CLIPBOARD_STORAGE_KEY } from '../state/clipboard';

/** A permission prompt nobody answers (headless chromium) would keep the promise pending for ever. */
const PATIENCE_MS = 400;
const inTime = <T>(promise: Promise<T> | undefined): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), PATIENCE_MS))]);

/**
 * Puts text on the system clipboard where the page may, and always in localStorage: the fallback that carries a
 * copy to another template's studio of the same origin when the clipboard is out of reach (headless, no permission).
 */
export async function writeClipboard(text: string): Promise<void> {
  try {
    localStorage.setItem(CLIPBOARD_STORAGE_KEY, text);
  } catch {
    // Storage full or disabled: the system clipboard may still take it.
  }
  try {
    await inTime(navigator.clipboard?.writeText(text));
  } catch {
    // Not allowed here (no permission, no focus): the stored copy serves.
  }
}

/**
 * The text to paste: the system clipboard's when the page may read it and it holds something (so text copied
 * elsewhere since is not silently replaced by an older copy), else the stored copy.
 */
export async function readClipboard(): Promise<string | null> {
  try {
    const text = await inTime(navigator.clipboard?.readText());
    if (text) return text;
  } catch {
    // Not allowed: fall back to the stored copy.
  }
  try {
    return localStorage.getItem(CLIPBOARD_STORAGE_KEY);
  } catch {
    return null;
  }
}
