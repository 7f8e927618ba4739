import type { OutputFormat } from '../design/output-formats';

/** What one render answer was, for the metrics interceptor and the usage record. */
export interface RenderRecord {
  format: OutputFormat;
  /** True when this request drew the image; false for a cache hit or a joined drawing. */
  drew: boolean;
  /** Seconds spent fetching, drawing, encoding and storing (drawings only). */
  drawSeconds: number | null;
  /** Set when the drawing failed (render_failed) or overran its budget (render_timeout). */
  failure: RenderFailure | null;
}

export type RenderFailure = 'failure' | 'timeout';
