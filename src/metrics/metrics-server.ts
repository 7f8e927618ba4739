import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_CONTENT_TYPE, type MetricsService } from './metrics.service';

/** A listening metrics endpoint: its port (0 asked for a free one) and how to stop it. */
export interface MetricsEndpoint {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on its own port, for a process without the HTTP API (`npm run worker`, WORKER_METRICS_PORT):
 * Prometheus scrapes each worker like each API instance, and sums the job row counters and histograms across
 * them (`sum(rate(pictor_job_rows_total[1m]))` is the rows per second of the whole tier). Nothing else is served.
 */
export async function serveMetrics(metrics: MetricsService, host: string, port: number): Promise<MetricsEndpoint> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'not_found', message: 'Only GET /metrics is served here' }));
      return;
    }
    metrics.exposition().then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(request.method === 'HEAD' ? undefined : text),
      () => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'internal_error', message: 'Metrics unavailable' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
