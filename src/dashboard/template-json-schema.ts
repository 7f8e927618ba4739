import { z } from 'zod';
import { createTemplateSchema } from '../templates/dto/template.schema';

let cached: unknown;

/**
 * The JSON Schema of a template body (POST /api/templates), generated from the very zod schema the API
 * validates with: the studio builds its properties panel from it, so new layer types and fields appear
 * in the editor without editing it. Input side: defaults are listed, transforms are not applied.
 */
export function templateJsonSchema(): unknown {
  cached ??= z.toJSONSchema(createTemplateSchema, { io: 'input', unrepresentable: 'any' });
  return cached;
}
