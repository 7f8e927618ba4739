import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { createTemplateSchema, CreateTemplateInput } from '../design/template.schema';

/** `<id>.json`: the file name carries the id, the content is a POST /api/templates body. */
export const TEMPLATE_FILE = /^(tpl_[0-9A-Za-z]{16,36})\.json$/;

export type TemplateDesign = CreateTemplateInput;

export const DESIGN_KEYS = ['name', 'width', 'height', 'background', 'publicRender', 'layers'] as const;

export type ParsedTemplateFile = { ok: true; design: TemplateDesign } | { ok: false; field: string | null; error: string };

/**
 * A template's content in canonical form: every default filled in and keys in the schema's order
 * (parsing through the schema rebuilds each object in its shape's order), so the same design always
 * serializes to the same bytes, whatever order the database kept the layers' keys in.
 */
export function canonicalDesign(value: Record<string, unknown>): TemplateDesign {
  const picked = Object.fromEntries(DESIGN_KEYS.map((key) => [key, value[key]]));
  const parsed = createTemplateSchema.safeParse(picked);
  // A design saved under older rules (say, a font since removed) is exported as stored, not lost.
  return parsed.success ? parsed.data : (picked as TemplateDesign);
}

export function serializeDesign(design: TemplateDesign): string {
  return `${JSON.stringify(design, null, 2)}\n`;
}

function firstIssue(issues: readonly z.core.$ZodIssue[]): { field: string | null; error: string } {
  const messages = issues.map((issue) => `${issue.path.map(String).join('.') || '(template)'}: ${issue.message}`);
  return { field: issues[0]?.path.map(String).join('.') || null, error: messages.join('; ') };
}

/** Parses a file's text: not JSON, or not a valid template, comes back with the field at fault. */
export function parseTemplateFile(text: string): ParsedTemplateFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, field: null, error: `not valid JSON (${(error as Error).message})` };
  }
  const result = createTemplateSchema.safeParse(value);
  if (!result.success) return { ok: false, ...firstIssue(result.error.issues) };
  return { ok: true, design: result.data };
}

export function sameDesign(a: TemplateDesign, b: TemplateDesign): boolean {
  return DESIGN_KEYS.every((key) => isDeepStrictEqual(a[key], b[key]));
}
