import { z } from 'zod';

/**
 * Schemas that appear in the document as named `components.schemas` entries (and so as named types
 * in the generated client). Kept apart from zod's global registry so that the template's own JSON
 * Schema (schema.json) stays self-contained, without `$ref`s.
 */
export const COMPONENTS = z.registry<{ id: string; description?: string }>();

/** Names a schema in the document: `component('Template', templateResponseSchema)`. */
export function component<Schema extends z.ZodType>(id: string, schema: Schema, description?: string): Schema {
  if (!COMPONENTS.has(schema)) COMPONENTS.add(schema, { id, ...(description ? { description } : {}) });
  return schema;
}
