import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, RenderWarning } from '../api';
import { Design, detailsByField } from '../state/design';

// Coalesces bursts (a colour picker, a held key) without adding much to each edit's round trip: 25 ms measured
// 17–20 ms slower at the 95th percentile than 10 ms (docs/performance.md, 2026-11-26).
const PREVIEW_DEBOUNCE_MS = 10;

export interface PreviewState {
  url: string | null;
  sequence: number;
  state: 'loading' | 'ready' | 'error';
  error: string | null;
  /** The last drawing's warnings (§24), shown beside the canvas. */
  warnings: RenderWarning[];
}

/** The inputs a drawing (or a refusal) was made of. */
interface DrawnFor {
  design: Design;
  width: number;
}

/**
 * The server's drawing of the design, refreshed (debounced) on every change; the newest answer wins. While `paused`
 * (a gesture under way) nothing is asked: the last drawing stays, and the design at the gesture's end is drawn.
 * `state` is `ready` (or `error`) only for the design and width given now: from the render that changes either, it
 * says `loading` (before the debounce has even asked), so nobody mistakes the old drawing for the new one.
 */
export function usePreview(design: Design, width: number, onDetails: (details: Map<string, string>) => void, paused = false): PreviewState {
  const [state, setState] = useState<PreviewState & { drawnFor: DrawnFor | null }>({
    url: null,
    sequence: 0,
    state: 'loading',
    error: null,
    warnings: [],
    drawnFor: null,
  });
  const sequence = useRef(0);
  useEffect(() => {
    if (paused) return;
    const mine = ++sequence.current;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.previewDrawing(design, Math.max(1, width), controller.signal).then(
        ({ blob, warnings }) => {
          if (mine !== sequence.current) return;
          onDetails(new Map());
          setState((previous) => {
            if (previous.url) URL.revokeObjectURL(previous.url);
            return { url: URL.createObjectURL(blob), sequence: mine, state: 'ready', error: null, warnings, drawnFor: { design, width } };
          });
        },
        (error: ApiError | DOMException) => {
          if (mine !== sequence.current || (error as DOMException).name === 'AbortError') return;
          onDetails(detailsByField((error as ApiError).details ?? [], 'template.'));
          const details = (error as ApiError).details?.map((detail) => `${detail.path.replace(/^template\./, '')}: ${detail.message}`).join('; ');
          setState((previous) => ({ ...previous, state: 'error', error: details || (error as ApiError).message, drawnFor: { design, width } }));
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [design, width, paused]);
  const { drawnFor, ...preview } = state;
  const current = drawnFor?.design === design && drawnFor.width === width;
  return current ? preview : { ...preview, state: 'loading' };
}
