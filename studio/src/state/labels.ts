import type { FormField } from './schema-form';

/** The labels the contract gives the template's own settings. */
export const TEMPLATE_LABELS: Record<string, string> = { name: 'Name', width: 'Template width', height: 'Template height', background: 'Background' };
export const PUBLIC_RENDER_LABEL = 'Public render';

const TAKEN = new Set([...Object.values(TEMPLATE_LABELS), PUBLIC_RENDER_LABEL]);

/** A layer field named like a template setting (a QR code's `background`) says whose it is, so labels stay unique. */
export function layerFieldLabel(field: FormField): FormField {
  return TAKEN.has(field.label) ? { ...field, label: `Layer ${field.label.toLowerCase()}` } : field;
}
