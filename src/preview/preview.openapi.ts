import { component } from '../common/openapi/components';
import { IMAGE_MEDIA } from '../design/output-formats';
import { defineRouteDocs, errors, tooManyRequests } from '../common/openapi/route-doc';
import { TEMPLATE_EXAMPLE } from '../templates/dto/sample-template';
import { previewRequestSchema } from './dto/preview-request.schema';

component(
  'PreviewRequest',
  previewRequestSchema,
  'An unsaved template (as for POST /api/templates) and render options (as for POST /api/generate, without templateId).',
);

export const previewRouteDocs = defineRouteDocs([
  {
    method: 'post',
    path: '/api/templates/preview',
    operationId: 'previewTemplate',
    tag: 'Templates',
    summary: "Draw an unsaved template (the studio's live preview)",
    description:
      'Validates `template` exactly like POST /api/templates and the options like a render, then draws through the same planner and renderer as ' +
      "POST /api/generate, at the template's size (or `width`/`height`) scaled down to at most 4 megapixels (4 × 2^20 pixels). Nothing is cached, " +
      "stored or billed: previews count toward neither the plan's per-minute limit nor the monthly quota, but have their own limit, " +
      "`PREVIEW_PER_MINUTE` per account (default 120). The render's warnings come in the `X-Render-Warnings` header (§24). Also accepts the dashboard session cookie with its CSRF token in `X-CSRF-Token`.",
    body: { schema: previewRequestSchema, examples: { blogCard: { template: TEMPLATE_EXAMPLE, layers: { title: { text: 'Hello, world' } }, width: 600 } } },
    responses: {
      200: {
        description: 'The image bytes',
        media: IMAGE_MEDIA,
        headers: ['Cache-Control', 'X-Render-Warnings'],
      },
      ...errors({ 500: ['render_failed', 'internal_error'], 503: ['render_timeout'] }),
      ...tooManyRequests(['rate_limited']),
    },
  },
]);
