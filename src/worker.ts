import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { exitGracefullyOnSignals, shutdownBoundMs } from './common/runtime/graceful-shutdown';
import { AppLogger } from './logging/app-logger';
import { serveMetrics, type MetricsEndpoint } from './metrics/metrics-server';
import { MetricsService } from './metrics/metrics.service';
import { DELIVERY_TIMEOUT_MS } from './webhooks/webhook-delivery.service';

/**
 * `npm run worker` (§22): the same application, configuration and render pool as the server, without the
 * HTTP server. It draws job rows from the shared BullMQ queue, so the render tier scales apart from the API.
 * SIGTERM: the lanes finish the row each is drawing and hand the rest back to the queue; then it exits.
 */
async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!config.redisUrl) {
    process.stderr.write('Invalid configuration: REDIS_URL is required by the worker (without Redis, jobs run inside the server)\n');
    process.exit(1);
  }
  if (!config.jobWorker) {
    process.stderr.write('Invalid configuration: JOB_WORKER must not be off in a worker process\n');
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { bufferLogs: true });
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  // Its own /metrics (job rows, their latency, the render pool): the worker serves no HTTP API to carry them.
  let metrics: MetricsEndpoint | null = null;
  if (config.workerMetricsPort !== null) {
    metrics = await serveMetrics(app.get(MetricsService), config.host, config.workerMetricsPort);
    logger.log(`Worker metrics on http://${config.host}:${metrics.port}/metrics`);
  }
  logger.log(`Pictor worker started (pid ${process.pid})`);

  exitGracefullyOnSignals(logger, shutdownBoundMs(config, { servesHttp: false, deliveryTimeoutMs: DELIVERY_TIMEOUT_MS }), async (signal) => {
    logger.log(`${signal} received: finishing the rows being drawn`);
    await app.close();
    await metrics?.close();
  });
}

bootstrap().catch((error: unknown) => {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
