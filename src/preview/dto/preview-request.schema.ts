import { z } from 'zod';
import { renderOptionsShape } from '../../render/dto/render-request.schema';
import { createTemplateSchema } from '../../design/template.schema';

/**
 * POST /api/templates/preview: a template exactly as POST /api/templates takes it, and the render
 * options of POST /api/generate without `templateId` (the design is in the body).
 */
export const previewRequestSchema = z.strictObject({
  template: createTemplateSchema,
  layers: renderOptionsShape.layers.default({}),
  width: renderOptionsShape.width,
  height: renderOptionsShape.height,
  format: renderOptionsShape.format,
  quality: renderOptionsShape.quality,
});

export type PreviewRequest = z.output<typeof previewRequestSchema>;
