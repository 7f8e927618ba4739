/**
 * The embed's messages with the page that frames it (§23). Sent only to the embedding origin (never `*`),
 * and only when that origin is one of the session's; received only from the parent window at that origin,
 * and only the documented `pictor:set-values` (form mode). Everything else is ignored.
 */
export type ParentEvent =
  { type: 'pictor:ready' } | { type: 'pictor:saved'; templateId: string; version: number } | { type: 'pictor:rendered'; imageUrl: string };

/** Values a parent may prefill in form mode: layer name → the field its form row edits. */
export type SetValuesMessage = { type: 'pictor:set-values'; layers: Record<string, Record<string, unknown>> };

/** The parent's origin: Chromium and WebKit say it (ancestorOrigins); elsewhere the referrer's origin. */
export function embeddingOrigin(allowedOrigins: readonly string[]): string | null {
  if (window.parent === window) return null;
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  let origin: string | null = ancestors && ancestors.length > 0 ? ancestors[0] : null;
  if (origin === null && document.referrer) {
    try {
      origin = new URL(document.referrer).origin;
    } catch {
      origin = null;
    }
  }
  return origin !== null && allowedOrigins.includes(origin) ? origin : null;
}

export function createParentChannel(allowedOrigins: readonly string[]) {
  const origin = embeddingOrigin(allowedOrigins);
  return {
    origin,
    notify(event: ParentEvent): void {
      if (origin) window.parent.postMessage(event, origin);
    },
    /** Calls `onSetValues` for a well-formed `pictor:set-values` from the parent at the embedding origin only. */
    listen(onSetValues: (message: SetValuesMessage) => void): () => void {
      const handler = (event: MessageEvent) => {
        if (!origin || event.origin !== origin || event.source !== window.parent) return;
        const data = event.data as Partial<SetValuesMessage> | null;
        if (!data || typeof data !== 'object' || data.type !== 'pictor:set-values') return;
        if (!data.layers || typeof data.layers !== 'object' || Array.isArray(data.layers)) return;
        onSetValues({ type: 'pictor:set-values', layers: data.layers });
      };
      window.addEventListener('message', handler);
      return () => window.removeEventListener('message', handler);
    },
  };
}

export type ParentChannel = ReturnType<typeof createParentChannel>;
