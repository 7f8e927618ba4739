import { z } from 'zod';
import { createTemplateSchema } from './template.schema';

export const TEMPLATE_SCHEMA_PATH = '/api/templates/schema.json';

/**
 * Zod → JSON Schema options shared by every document Pictor publishes.
 * `io: 'input'` describes what a client sends (defaults make fields optional, and the text layer's
 * `.transform` is skipped: only its input side is described). Refinements that JSON Schema cannot
 * express (font family exists, weight steps, unique layer names) stay server-side checks.
 */
export const JSON_SCHEMA_OPTIONS = { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' } as const;

/**
 * The JSON Schema (draft 2020-12) of a template body as accepted by POST /api/templates: what
 * editors validate template files against, and what the studio builds its properties panel from.
 * Layers are a `oneOf` discriminated by `type` (one branch per layer type, each with `type.const`).
 */
export function buildTemplateJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(createTemplateSchema, JSON_SCHEMA_OPTIONS) as Record<string, unknown>;
  const { $schema, ...rest } = schema;
  return {
    $schema,
    $id: TEMPLATE_SCHEMA_PATH,
    title: 'Pictor template',
    description: 'A template as accepted by POST /api/templates and as kept in files by `templates:export`.',
    ...rest,
  };
}

let shared: Readonly<Record<string, unknown>> | undefined;

/**
 * buildTemplateJsonSchema's document, built on first use and then shared (read it, never change it): the schema
 * endpoint, the studio and the embed each need it, and start-up need not wait for it.
 */
export function templateJsonSchema(): Readonly<Record<string, unknown>> {
  return (shared ??= buildTemplateJsonSchema());
}
