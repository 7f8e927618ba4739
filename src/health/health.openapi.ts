import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs } from '../common/openapi/route-doc';

const indicators = z.record(z.string(), z.looseObject({ status: z.enum(['up', 'down']) }));

/** Terminus's health format (each dependency by name: `database`, `storage`, `redis`, `queue`, `renderer`). */
export const healthSchema = component(
  'Health',
  z.strictObject({
    status: z.enum(['ok', 'error', 'shutting_down']),
    info: indicators.optional(),
    error: indicators.optional(),
    details: indicators,
  }),
);

const example = (status: 'up' | 'down') => ({
  status: status === 'up' ? 'ok' : 'error',
  info: status === 'up' ? { database: { status: 'up' }, storage: { status: 'up' } } : { database: { status: 'up' } },
  error: status === 'up' ? {} : { storage: { status: 'down', message: 'EACCES' } },
  details: { database: { status: 'up' }, storage: status === 'up' ? { status: 'up' } : { status: 'down', message: 'EACCES' } },
});

export const healthRouteDocs = defineRouteDocs([
  {
    method: 'get',
    path: '/health/live',
    operationId: 'live',
    tag: 'Operations',
    public: true,
    standalone: true,
    summary: 'Liveness: the process answers',
    responses: { 200: { description: 'Alive', schema: healthSchema, examples: { ok: { status: 'ok', info: {}, error: {}, details: {} } } } },
  },
  {
    method: 'get',
    path: '/health/ready',
    operationId: 'ready',
    tag: 'Operations',
    public: true,
    summary: 'Readiness: database, storage, renderer, and Redis and the job queue (when configured)',
    responses: {
      200: { description: 'Every dependency is up', schema: healthSchema, examples: { ok: example('up') } },
      503: { description: 'A dependency is down (named in `error`)', schema: healthSchema, examples: { down: example('down') } },
    },
  },
]);
