import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The Prometheus text exposition format (version 0.0.4), as `/metrics` answers it on every port. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * Every metric Pictor exports, on its own registry (several apps can share one process in tests).
 * Labels are route patterns and small enums only, never raw URLs: cardinality stays bounded.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'pictor_http_requests_total',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'pictor_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly renders = new Counter({
    name: 'pictor_renders_total',
    help: 'Images drawn, by format and outcome',
    labelNames: ['format', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly renderDuration = new Histogram({
    name: 'pictor_render_duration_seconds',
    help: 'Time to fetch, draw, encode and store one image',
    labelNames: ['format'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly renderCache = new Counter({
    name: 'pictor_render_cache_total',
    help: 'Render answers by cache result (hit: nothing drawn)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly limited = new Counter({
    name: 'pictor_rate_limited_total',
    help: '429 answers by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly webhookDeliveries = new Counter({
    name: 'pictor_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly webhookDuration = new Histogram({
    name: 'pictor_webhook_delivery_duration_seconds',
    help: 'Webhook delivery latency',
    labelNames: ['outcome'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly renderQueue = new Gauge({
    name: 'pictor_render_queue_length',
    help: 'Drawings waiting for a free render thread',
    registers: [this.registry],
  });

  readonly jobRows = new Counter({
    name: 'pictor_job_rows_total',
    help: 'Job rows this process ran to an outcome (§22), by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly jobRowDuration = new Histogram({
    name: 'pictor_job_row_duration_seconds',
    help: 'Time to run one job row (a render, or its failure), claim to outcome',
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly jobRowsRunning = new Gauge({
    name: 'pictor_job_rows_running',
    help: 'Job rows this process is running now',
    registers: [this.registry],
  });

  /** Read at each scrape from the jobs module (null until it registers): the queue lives in Redis, the rows in the database. */
  private jobQueueDepthReader: (() => Promise<Record<string, number>>) | null = null;
  private jobRowsPendingReader: (() => Promise<number>) | null = null;

  readonly jobQueueDepth = new Gauge({
    name: 'pictor_job_queue_depth',
    help: "Job lanes in the shared BullMQ queue by state, with REDIS_URL (a lane draws one account's rows one at a time)",
    labelNames: ['state'] as const,
    registers: [this.registry],
    collect: async () => {
      if (!this.jobQueueDepthReader) return;
      const depth = await this.jobQueueDepthReader().catch(() => null);
      this.jobQueueDepth.reset();
      for (const [state, count] of Object.entries(depth ?? {})) this.jobQueueDepth.set({ state }, count);
    },
  });

  readonly jobRowsPending = new Gauge({
    name: 'pictor_job_rows_pending',
    help: 'Rows of queued and running jobs not drawn yet, every account and instance',
    registers: [this.registry],
    collect: async () => {
      if (!this.jobRowsPendingReader) return;
      const pending = await this.jobRowsPendingReader().catch(() => null);
      if (pending !== null) this.jobRowsPending.set(pending);
    },
  });

  readonly unhandledRejections = new Counter({
    name: 'pictor_unhandled_rejections_total',
    help: 'Promise rejections nobody handled (logged at error; the process keeps running)',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'pictor_' });
  }

  readJobQueueDepth(reader: () => Promise<Record<string, number>>): void {
    this.jobQueueDepthReader = reader;
  }

  readJobRowsPending(reader: () => Promise<number>): void {
    this.jobRowsPendingReader = reader;
  }

  exposition(): Promise<string> {
    return this.registry.metrics();
  }
}
