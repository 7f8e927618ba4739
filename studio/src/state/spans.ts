/** One styled run of a text layer (`spans[i]`): its text and the style fields it overrides. */
export interface Span {
  text: string;
  fontWeight?: string | number;
  fontStyle?: 'normal' | 'italic';
  color?: string;
  fontFamily?: string;
  underline?: boolean;
}

/** Runs edited as a list: pure, so the panel's add/remove/reorder are tested without a browser. */
export const addSpan = (spans: readonly Span[]): Span[] => [...spans, { text: spans.length === 0 ? 'Text' : ' more' }];

export const removeSpan = (spans: readonly Span[], index: number): Span[] => spans.filter((_, item) => item !== index);

export function moveSpan(spans: readonly Span[], index: number, by: -1 | 1): Span[] {
  const target = index + by;
  if (index < 0 || index >= spans.length || target < 0 || target >= spans.length) return [...spans];
  const next = [...spans];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Sets (or, with undefined, removes) one field of one run. */
export function setSpanField<K extends keyof Span>(spans: readonly Span[], index: number, key: K, value: Span[K] | undefined): Span[] {
  return spans.map((span, item) => {
    if (item !== index) return span;
    const copy = { ...span };
    if (value === undefined) delete copy[key];
    else copy[key] = value;
    return copy;
  });
}

/** The layer's `spans` after an edit: an empty list is none (the layer's `text` draws again). */
export const spansValue = (spans: readonly Span[]): Span[] | undefined => (spans.length === 0 ? undefined : [...spans]);
