import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs, errors, RATE_LIMIT_HEADERS } from '../common/openapi/route-doc';
import { documentRequestSchema, MAX_DOCUMENT_PAGES } from './dto/document-request.schema';
import { RENDER_RESPONSE_EXAMPLE, renderErrors, renderWarningSchema } from './render.openapi';

const documentResponseSchema = component(
  'DocumentResponse',
  z.strictObject({
    success: z.literal(true),
    imageUrl: z.url().describe('The PDF: PUBLIC_BASE_URL + /api/images/generated/<key>.pdf (or IMAGE_BASE_URL + /<key>.pdf)'),
    cached: z.boolean().describe('True for every answer that did not draw (counted nothing)'),
    generationTimeMs: z.number().int().min(0),
    pages: z.number().int().min(1).max(MAX_DOCUMENT_PAGES).describe('Pages in the PDF, in the order of the request'),
    warnings: z.array(renderWarningSchema.extend({ page: z.number().int().min(0).describe('Index of the page in `pages` (from 0)') })),
  }),
);

const EXAMPLE_REQUEST = {
  pages: [
    { templateId: 'tpl_8hQ2xZ4kLmN7pR1s', layers: { title: { text: 'Page one' } } },
    { templateId: 'tpl_3kLmQ9xZ2vB7nR4t', layers: { code: { text: '5901234123457' } }, width: 600, height: 300 },
  ],
  format: 'pdf',
};

export const documentRouteDocs = defineRouteDocs([
  {
    method: 'post',
    path: '/api/generate/document',
    operationId: 'generateDocument',
    tag: 'Rendering',
    summary: `Render up to ${MAX_DOCUMENT_PAGES} pages into one PDF`,
    description:
      'Each page is a render request (its own template, overrides and size) without a format: the document is one vector PDF, the pages in order, ' +
      'each at its own size (1 px = 0.75 pt). Pages are validated like render requests (a bad page is a 400 naming `pages.<i>…`); an unknown or ' +
      "another account's template is a 404. Drawn fresh, a document counts one generation per page, all or none: one that does not fit what is " +
      'left of the monthly quota is a 429 `quota_exceeded` whose `remaining` is what is left, and draws nothing; the per-minute limit counts the ' +
      'request once. An identical request is answered from the cache (`cached: true`) and counts nothing. One render budget (RENDER_TIMEOUT) bounds the whole document.',
    body: { schema: component('DocumentRequest', documentRequestSchema), examples: { twoTemplates: EXAMPLE_REQUEST } },
    responses: {
      200: {
        description: 'The PDF was drawn (or answered from the cache)',
        schema: documentResponseSchema,
        headers: ['X-Cache', ...RATE_LIMIT_HEADERS],
        examples: {
          fresh: {
            ...RENDER_RESPONSE_EXAMPLE,
            imageUrl: RENDER_RESPONSE_EXAMPLE.imageUrl.replace(/\.png$/, '.pdf'),
            pages: 2,
            warnings: [{ code: 'unknown_layer', layer: 'subtitle', message: 'Template has no layer "subtitle"; override ignored', page: 1 }],
          },
        },
      },
      ...errors({ 400: ['validation_failed'] }),
      ...renderErrors,
    },
  },
]);
