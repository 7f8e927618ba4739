import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs } from '../common/openapi/route-doc';

export const settingsRouteDocs = defineRouteDocs([
  {
    method: 'post',
    path: '/api/settings/webhook-secret',
    operationId: 'rotateWebhookSecret',
    tag: 'Settings',
    summary: 'Generate or rotate the webhook signing secret',
    description: 'The secret is shown in this answer only; the previous one stops working now. No body.',
    responses: {
      200: {
        description: 'The new secret',
        schema: component('WebhookSecret', z.strictObject({ success: z.literal(true), webhookSecret: z.string().regex(/^whsec_[A-Za-z0-9+/=]{43,}$/) })),
        examples: { secret: { success: true, webhookSecret: 'whsec_MfKQ9r9QXyZ2cUQbY3rLr8mY2cR5b8n2m6c1mP7tq0o=' } },
      },
    },
  },
  {
    method: 'post',
    path: '/api/settings/url-signing-secret',
    operationId: 'rotateUrlSigningSecret',
    tag: 'Settings',
    summary: 'Generate or rotate the secret that signs GET /api/render URLs',
    description: 'The secret is shown in this answer only; URLs signed with the previous one stop working now. No body.',
    responses: {
      200: {
        description: 'The new secret',
        schema: component('UrlSigningSecret', z.strictObject({ success: z.literal(true), urlSigningSecret: z.string().regex(/^ussec_/) })),
        examples: { secret: { success: true, urlSigningSecret: 'ussec_Zk3q8T1vW9yB2nC6xL0pR4sD7fG5hJ' } },
      },
    },
  },
]);
