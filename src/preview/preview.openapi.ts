import { component } from '../openapi/components';
import { defineRouteDocs, errors, tooManyRequests } from '../openapi/route-doc';
import { TEMPLATE_EXAMPLE } from '../templates/templates.openapi';
import { previewRequestSchema } from './dto/preview-request.schema';

component('PreviewRequest', previewRequestSchema, 'A template body as for POST /api/templates, with render options and overrides.');

export const previewRouteDocs = defineRouteDocs([
  {
    method: 'post',
    path: '/api/templates/preview',
    operationId: 'previewTemplate',
    tag: 'Templates',
    summary: 'Draw an unsaved template (the studio\'s live preview)',
    description:
      'Validated like a template and a render; never cached or stored. Scaled down to at most 4 megapixels. ' +
      'Counts toward neither the per-minute limit nor the monthly quota, but has its own limit, `PREVIEW_PER_MINUTE` per account (default 120).',
    body: { schema: previewRequestSchema, examples: { blogCard: { template: TEMPLATE_EXAMPLE, layers: { title: { text: 'Preview' } }, format: 'png' } } },
    responses: {
      200: { description: 'The image bytes (`Cache-Control: no-store`)', media: { 'image/png': 'PNG bytes', 'image/jpeg': 'JPEG bytes', 'image/webp': 'WebP bytes' }, headers: ['Cache-Control'] },
      ...errors({ 500: ['render_failed', 'internal_error'] }),
      ...tooManyRequests(['rate_limited']),
    },
  },
]);
