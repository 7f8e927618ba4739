import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs, errorBodySchema, errors, RATE_LIMIT_HEADERS, tooManyRequests, tooManyRequestsSchema } from '../common/openapi/route-doc';
import { MAX_BATCH_ITEMS } from './dto/render-batch.schema';
import { generateRequestSchema, hookRenderRequestSchema, layerOverrideSchema, renderOptionsShape } from './dto/render-request.schema';
import { IMAGE_MEDIA } from '../design/output-formats';
import { RenderWarningCode } from '../design/render-warning';

component('LayerOverride', layerOverrideSchema, "Values that replace the layer's own for this render.");
component('RenderRequest', generateRequestSchema);
component('HookRenderRequest', hookRenderRequestSchema, 'A render request whose answer is also POSTed, signed, to `webhookUrl`.');

export const renderWarningSchema = component(
  'RenderWarning',
  z.strictObject({
    code: z.enum(RenderWarningCode),
    layer: z.string().nullable().describe('The layer concerned, or null'),
    message: z.string(),
  }),
);

/** The render answer (spec 2.1), byte for byte the webhook payload too. */
export const renderResponseSchema = component(
  'RenderResponse',
  z.strictObject({
    success: z.literal(true),
    imageUrl: z
      .url()
      .describe("PUBLIC_BASE_URL + /api/images/generated/<key>.<ext> (or IMAGE_BASE_URL + /<key>.<ext> when set); the key is an HMAC of the render's inputs"),
    cached: z.boolean().describe('True for every answer that did not draw'),
    generationTimeMs: z.number().int().min(0).describe('Time this request spent producing its answer'),
    warnings: z.array(renderWarningSchema).optional(),
  }),
);

export const RENDER_REQUEST_EXAMPLE = {
  templateId: 'tpl_8hQ2xZ4kLmN7pR1s',
  layers: { title: { text: 'Hello, world' }, avatar: { imageUrl: 'https://example.com/me.png' } },
  format: 'png',
};
export const RENDER_RESPONSE_EXAMPLE = {
  success: true,
  imageUrl: 'http://localhost:3000/api/images/generated/3f6c0a8e9b1d2c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f.png',
  cached: false,
  generationTimeMs: 182,
};

/** The error codes of a render, in the order they are checked (§9). */
export const renderErrors = {
  ...errors({ 404: ['template_not_found'], 500: ['render_failed', 'internal_error'], 503: ['render_timeout', 'storage_unavailable'] }),
  ...tooManyRequests(),
};

/** GET /api/render's query: the render request in query form (strings; numbers in decimal). */
const publicRenderQuery = {
  templateId: renderOptionsShape.templateId,
  format: renderOptionsShape.format,
  width: renderOptionsShape.width,
  height: renderOptionsShape.height,
  quality: renderOptionsShape.quality,
  pdf: renderOptionsShape.pdf.describe('PDF options in bracket form: `pdf[archival]=true` writes PDF/A-2b'),
  layers: z
    .record(z.string(), layerOverrideSchema)
    .optional()
    .describe(
      'Overrides in bracket form: `layers[<name>][<field>]=<value>`, for example `layers[title][text]=Hello`. `hidden` and `showText` take `true`/`false`.',
    ),
  expires: z.number().int().optional().describe('Unix seconds after which a signed URL is refused (covered by the signature)'),
  s: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional()
    .describe('For templates with `publicRender: "signed"`: lowercase hex HMAC-SHA256 of the query string without `s`, keyed with the URL-signing secret'),
};

/** One batch item's answer: its render response, or the error body it would have had alone. */
const batchItemSchema = z.union([
  renderResponseSchema,
  errorBodySchema(400, ['validation_failed']),
  errorBodySchema(404, ['template_not_found']),
  tooManyRequestsSchema,
  errorBodySchema(500, ['render_failed', 'internal_error']),
  errorBodySchema(503, ['render_timeout', 'storage_unavailable', 'dependency_unavailable']),
]);

export const renderRouteDocs = defineRouteDocs([
  {
    method: 'post',
    path: '/api/generate',
    operationId: 'generate',
    tag: 'Rendering',
    summary: 'Render an image',
    description:
      'Draws the template with the given overrides, stores the image and answers its URL. Identical requests are drawn once and billed once (`cached: true`, `X-Cache: HIT`). ' +
      'Counted answers carry the rate-limit fields. `webhookUrl` is refused here (use POST /api/hooks/render).',
    body: { schema: generateRequestSchema, examples: { overrides: RENDER_REQUEST_EXAMPLE } },
    responses: {
      200: {
        description: 'Rendered (or answered from the cache)',
        schema: renderResponseSchema,
        headers: ['X-Cache', ...RATE_LIMIT_HEADERS],
        examples: {
          fresh: RENDER_RESPONSE_EXAMPLE,
          truncated: {
            ...RENDER_RESPONSE_EXAMPLE,
            cached: true,
            generationTimeMs: 3,
            warnings: [{ code: 'text_truncated', layer: 'title', message: 'Text did not fit at minFontSize 32; ended with an ellipsis' }],
          },
        },
      },
      ...renderErrors,
    },
  },
  {
    method: 'post',
    path: '/api/generate/batch',
    operationId: 'generateBatch',
    tag: 'Rendering',
    summary: `Render up to ${MAX_BATCH_ITEMS} images in one call`,
    description:
      'Each item is a POST /api/generate body, validated, cached, counted and limited exactly as if it had been sent alone, one after another: ' +
      'an invalid item answers its 400 body in its place, an item over a limit its 429 body, and a cached item after it still succeeds; refused items count nothing. ' +
      'Admitted items are drawn in parallel. The rate-limit headers are those of the last counted item.',
    body: {
      schema: component(
        'BatchRenderRequest',
        z.strictObject({ items: z.array(generateRequestSchema).min(1).max(MAX_BATCH_ITEMS) }),
        'A body that is not such an object, or that holds 0 or more than 25 items, is a 400 for the whole request.',
      ),
      examples: { two: { items: [RENDER_REQUEST_EXAMPLE, { ...RENDER_REQUEST_EXAMPLE, layers: { title: { text: 'Second card' } }, format: 'avif' }] } },
    },
    responses: {
      200: {
        description: 'One answer per item, in order',
        schema: component('BatchRenderResponse', z.strictObject({ data: z.array(batchItemSchema) })),
        headers: RATE_LIMIT_HEADERS,
        examples: {
          mixed: {
            data: [
              RENDER_RESPONSE_EXAMPLE,
              { statusCode: 400, error: 'Bad Request', message: 'webhookUrl: Unrecognized key: "webhookUrl"', code: 'validation_failed' },
            ],
          },
        },
      },
      ...errors({ 400: ['validation_failed'] }),
    },
  },
  {
    method: 'get',
    path: '/api/render',
    operationId: 'renderPublic',
    tag: 'Rendering',
    public: true,
    summary: 'Render as an image URL (for <img> and og:image)',
    description:
      "No API key: charged to the template owner's quota and minute limit. `publicRender: false` and a missing template both answer 404. " +
      'Templates with `publicRender: "signed"` need `s` (see POST /api/settings/url-signing-secret and GET /api/templates/{id}/url).',
    query: publicRenderQuery,
    responses: {
      200: {
        description: 'The image bytes',
        media: IMAGE_MEDIA,
        headers: ['ETag', 'Cache-Control', 'X-Cache', 'Content-Security-Policy', 'X-Content-Type-Options', ...RATE_LIMIT_HEADERS],
      },
      304: {
        description: 'Not modified (If-None-Match matched)',
        headers: ['ETag', 'Cache-Control', 'X-Cache', 'Content-Security-Policy', 'X-Content-Type-Options'],
      },
      ...errors({ 400: ['validation_failed'], 403: ['signature_invalid'], 414: ['uri_too_long'] }),
      ...renderErrors,
    },
  },
  {
    method: 'get',
    path: '/api/templates/:id/url',
    operationId: 'getRenderUrl',
    tag: 'Rendering',
    summary: 'Build a ready GET /api/render URL (signed when the template requires it)',
    description: 'Same query form as GET /api/render, minus `templateId` (it is in the path).',
    params: { id: z.string().describe('Template id (`tpl_…`)') },
    query: { ...publicRenderQuery, templateId: renderOptionsShape.templateId.optional(), s: publicRenderQuery.s.describe('Not used here') },
    responses: {
      200: {
        description: 'The URL',
        schema: component(
          'RenderUrl',
          z.strictObject({
            url: z
              .string()
              .regex(/^https?:\/\//)
              .describe('A GET /api/render URL (query brackets unescaped)'),
            signed: z.boolean(),
          }),
        ),
        examples: {
          open: { url: 'http://localhost:3000/api/render?templateId=tpl_8hQ2xZ4kLmN7pR1s&layers%5Btitle%5D%5Btext%5D=Hello&format=png', signed: false },
        },
      },
      ...errors({ 400: ['validation_failed'], 403: ['signature_invalid'], 404: ['template_not_found'], 414: ['uri_too_long'] }),
    },
  },
]);
