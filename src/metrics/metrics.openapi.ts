import { defineRouteDocs } from '../common/openapi/route-doc';

export const metricsRouteDocs = defineRouteDocs([
  {
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    tag: 'Operations',
    public: true,
    standalone: true,
    summary: 'Prometheus metrics',
    description:
      'Request counts and latencies by route and status, renders by outcome, cache hits and misses, 429s by reason, webhook deliveries by outcome and latency.',
    responses: { 200: { description: 'Prometheus text exposition format', media: { 'text/plain': 'Prometheus text format 0.0.4' } } },
  },
]);
