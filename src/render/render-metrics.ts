import { MetricsService } from '../metrics/metrics.service';
import type { RenderRecord } from './render-record';

/** A render's counters: cache hit or miss, and for a drawing its outcome and time. */
export function recordRender(metrics: MetricsService, render: RenderRecord): void {
  const { format } = render;
  if (render.failure) {
    metrics.renders.inc({ format, outcome: render.failure });
    return;
  }
  metrics.renderCache.inc({ result: render.drew ? 'miss' : 'hit' });
  if (render.drew) {
    metrics.renders.inc({ format, outcome: 'success' });
    if (render.drawSeconds !== null) metrics.renderDuration.observe({ format }, render.drawSeconds);
  }
}
