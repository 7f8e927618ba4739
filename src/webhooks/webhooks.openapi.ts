import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs, errors, RATE_LIMIT_HEADERS, tooManyRequests } from '../common/openapi/route-doc';
import { hookRenderRequestSchema } from '../render/dto/render-request.schema';
import { RENDER_REQUEST_EXAMPLE, RENDER_RESPONSE_EXAMPLE, renderResponseSchema } from '../render/render.openapi';

export const deliverySchema = component(
  'WebhookDelivery',
  z.strictObject({
    id: z.string(),
    url: z.string(),
    imageUrl: z.string(),
    outcome: z.enum(['succeeded', 'failed']),
    responseStatus: z.number().int().nullable().describe('Status the receiver answered, or null when none arrived'),
    durationMs: z.number().int().min(0),
    error: z.string().nullable(),
    createdAt: z.iso.datetime().describe('When the attempt began'),
  }),
);

export const webhooksRouteDocs = defineRouteDocs([
  {
    method: 'post',
    path: '/api/hooks/render',
    operationId: 'renderWithWebhook',
    tag: 'Rendering',
    summary: 'Render, then POST the answer to a webhook',
    description:
      'Answers like POST /api/generate, then delivers the exact bytes of that answer once to `webhookUrl`, signed ' +
      '(`X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, keyed with the webhook secret). ' +
      'Order of checks: auth (401), body (400 `validation_failed`), `webhookUrl` syntax (400 `webhook_url_invalid`), address (400 `webhook_url_forbidden`), ' +
      'secret exists (400 `webhook_secret_missing`), template (404), limits (429), render.',
    body: { schema: hookRenderRequestSchema, examples: { withWebhook: { ...RENDER_REQUEST_EXAMPLE, webhookUrl: 'https://example.com/hooks/pictor' } } },
    responses: {
      200: {
        description: 'Rendered (or answered from the cache); delivered after this answer',
        schema: renderResponseSchema,
        headers: ['X-Cache', ...RATE_LIMIT_HEADERS],
        examples: { fresh: RENDER_RESPONSE_EXAMPLE },
      },
      ...errors({
        400: ['validation_failed', 'webhook_url_invalid', 'webhook_url_forbidden', 'webhook_secret_missing'],
        404: ['template_not_found'],
        500: ['render_failed', 'internal_error'],
        503: ['render_timeout', 'storage_unavailable'],
      }),
      ...tooManyRequests(),
    },
  },
  {
    method: 'get',
    path: '/api/webhooks/deliveries',
    operationId: 'listDeliveries',
    tag: 'Webhooks',
    summary: 'The latest 100 delivery attempts, newest first',
    responses: {
      200: {
        description: 'Delivery attempts',
        schema: component('WebhookDeliveryList', z.strictObject({ data: z.array(deliverySchema) })),
        examples: {
          one: {
            data: [
              {
                id: 'dlv_5RkV8xQm2LpN4tYz',
                url: 'https://example.com/hooks/pictor',
                imageUrl: RENDER_RESPONSE_EXAMPLE.imageUrl,
                outcome: 'succeeded',
                responseStatus: 200,
                durationMs: 84,
                error: null,
                createdAt: '2026-11-23T15:00:00.000Z',
              },
            ],
          },
        },
      },
    },
  },
]);
