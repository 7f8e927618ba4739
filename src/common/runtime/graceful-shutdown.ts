import type { AppConfig } from '../../config/app-config';

/** Past the job lanes' own bound (a row's budget + their close margin) and the last step's, before giving up. */
const MARGIN_MS = 10_000;

export interface ShutdownLogger {
  log(message: string): void;
  error(message: string): void;
}

/**
 * How long a graceful stop may take before the process gives up and exits 1: what closing waits for, one step
 * after another: the HTTP requests in flight (a server only: each bounded by HTTP_REQUEST_TIMEOUT), the job rows
 * being drawn (RENDER_TIMEOUT) and BullMQ's close, pending webhook deliveries (`deliveryTimeoutMs` each, at once).
 */
export function shutdownBoundMs(
  config: Pick<AppConfig, 'httpRequestTimeoutMs' | 'renderTimeoutMs'>,
  options: { servesHttp: boolean; deliveryTimeoutMs: number },
): number {
  return (options.servesHttp ? config.httpRequestTimeoutMs : 0) + config.renderTimeoutMs + options.deliveryTimeoutMs + MARGIN_MS;
}

/**
 * SIGTERM and SIGINT run `stop` once (a second signal changes nothing), then exit 0; a stop that fails or outlasts
 * `boundMs` exits 1. Used by both entry points (`main.ts`, `worker.ts`).
 */
export function exitGracefullyOnSignals(logger: ShutdownLogger, boundMs: number, stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      logger.error(`Shutdown took longer than ${Math.round(boundMs / 1000)} s; exiting`);
      process.exit(1);
    }, boundMs).unref();
    try {
      await stop(signal);
      logger.log('Shutdown complete');
      process.exit(0);
    } catch (error) {
      logger.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
