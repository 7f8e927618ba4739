import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs } from '../common/openapi/route-doc';
import { PLANS } from './plans';

export const usageSchema = component(
  'Usage',
  z.strictObject({
    plan: z.enum(Object.keys(PLANS) as [string, ...string[]]),
    period: z.strictObject({ start: z.iso.datetime(), end: z.iso.datetime() }).describe("The billing period (renews monthly on the account's creation day)"),
    quota: z.strictObject({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int() }),
    rateLimit: z.strictObject({ limit: z.number().int(), remaining: z.number().int(), resetSeconds: z.number().int() }),
  }),
);

export const billingRouteDocs = defineRouteDocs([
  {
    method: 'get',
    path: '/api/usage',
    operationId: 'getUsage',
    tag: 'Account',
    summary: "Usage against the plan: this period's quota and the rolling minute",
    responses: {
      200: {
        description: 'Usage',
        schema: usageSchema,
        examples: {
          free: {
            plan: 'free',
            period: { start: '2026-11-05T09:30:00.000Z', end: '2026-12-05T09:30:00.000Z' },
            quota: { limit: 50, used: 12, remaining: 38 },
            rateLimit: { limit: 15, remaining: 14, resetSeconds: 41 },
          },
        },
      },
    },
  },
]);
