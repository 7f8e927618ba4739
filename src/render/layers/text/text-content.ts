import type { StyleRange } from '../../renderer/text-layout';
import type { TextLayer } from '../../../design/layers/text/text-layer.definition';

/** How one piece of a text layer is drawn: the layer's own values, or a span's. */
export interface TextStyle {
  fontFamily: string;
  fontWeight: string | number;
  fontStyle: 'normal' | 'italic';
  color: string;
  underline: boolean;
}

export interface TextContent {
  /** The text as drawn (spans joined, case transformed). */
  text: string;
  styles: TextStyle[];
  ranges: StyleRange[];
}

/** `textTransform` with the layer's language: Turkish "i" uppercases to "İ", German "ß" to "SS". */
export function transformText(text: string, transform: TextLayer['textTransform'], lang: string | undefined): string {
  switch (transform) {
    case 'uppercase':
      return text.toLocaleUpperCase(lang);
    case 'lowercase':
      return text.toLocaleLowerCase(lang);
    case 'capitalize':
      // The first letter of each word (CSS: the first typographic letter unit after a word boundary).
      return text.replace(/(^|[^\p{L}\p{M}\p{N}'’])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toLocaleUpperCase(lang));
    default:
      return text;
  }
}

/**
 * The layer's text and style ranges: its spans in order, or its `text` in its own style. `mapText`
 * rewrites each piece before it is measured (e.g. stand-ins for characters no font has), so the
 * ranges stay right even when it changes a piece's length.
 */
export function textContent(layer: TextLayer, mapText: (text: string) => string = (text) => text): TextContent {
  const base: TextStyle = {
    fontFamily: layer.fontFamily,
    fontWeight: layer.fontWeight,
    fontStyle: layer.fontStyle ?? 'normal',
    color: layer.color,
    underline: false,
  };
  const spans = layer.spans ?? [{ text: layer.text }];
  const styles: TextStyle[] = [];
  const ranges: StyleRange[] = [];
  let text = '';
  for (const span of spans) {
    const piece = mapText(transformText(span.text, layer.textTransform, layer.lang));
    if (piece.length === 0) continue;
    styles.push({
      fontFamily: span.fontFamily ?? base.fontFamily,
      fontWeight: span.fontWeight ?? base.fontWeight,
      fontStyle: span.fontStyle ?? base.fontStyle,
      color: span.color ?? base.color,
      underline: span.underline ?? false,
    });
    text += piece;
    ranges.push({ end: text.length, style: styles.length - 1 });
  }
  if (styles.length === 0) styles.push(base);
  return { text, styles, ranges: ranges.length > 0 ? ranges : [{ end: 0, style: 0 }] };
}
