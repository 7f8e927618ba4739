/** HTML built on the server (the dashboard's pages, the embed page): every interpolation escaped unless raw(). */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML bodies and attribute values. */
// eslint-disable-next-line @typescript-eslint/no-base-to-string -- any interpolated value is escaped as String() renders it, by design
export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (character) => ENTITIES[character]);

/** Tagged template: interpolations are escaped unless wrapped in raw(). */
export class RawHtml {
  constructor(readonly value: string) {}
}

export const raw = (value: string): RawHtml => new RawHtml(value);

export function html(strings: TemplateStringsArray, ...values: unknown[]): RawHtml {
  let out = strings[0];
  values.forEach((value, index) => {
    const rendered = Array.isArray(value)
      ? value.map((item) => (item instanceof RawHtml ? item.value : escapeHtml(item))).join('')
      : value instanceof RawHtml
        ? value.value
        : escapeHtml(value);
    out += rendered + strings[index + 1];
  });
  return new RawHtml(out);
}
