import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { AppLogger } from './logging/app-logger';

/** Past the lanes' own bound (a row's budget), shutdown gives up and exits. */
const SHUTDOWN_GRACE_MS = 5_000;

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
  logger.log(`Pictor worker started (pid ${process.pid})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: finishing the rows being drawn`);
    setTimeout(
      () => {
        logger.error('Shutdown took too long; exiting');
        process.exit(1);
      },
      config.renderTimeoutMs + SHUTDOWN_GRACE_MS * 2,
    ).unref();
    await app.close();
    logger.log('Shutdown complete');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

bootstrap().catch((error: unknown) => {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
