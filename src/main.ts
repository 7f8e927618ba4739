import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureHttpPlatform, createHttpAdapter, NEST_APPLICATION_OPTIONS } from './app.factory';
import { AppModule } from './app.module';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { AppLogger } from './logging/app-logger';

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
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config),
    createHttpAdapter({ requestTimeoutMs: config.httpRequestTimeoutMs, trustProxy: config.trustProxy }),
    {
      ...NEST_APPLICATION_OPTIONS,
      bufferLogs: true,
    },
  );
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  await configureHttpPlatform(app);
  await app.listen(config.port, config.host);
  logger.log(`Pictor listening on ${await app.getUrl()}`);

  // Stop accepting first, let in-flight requests finish, then close the app: pending webhook
  // deliveries (10 s each at most), the render pool, the database and Redis.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: draining`);
    setTimeout(() => {
      logger.error('Shutdown took longer than 20 s; exiting');
      process.exit(1);
    }, 20_000).unref();
    // Connections that finish their last request while we drain stay open as idle keep-alives;
    // close those as they appear so close() does not wait for clients to hang up.
    const server = app.getHttpServer();
    const sweeper = setInterval(() => server.closeIdleConnections(), 100);
    await app.getHttpAdapter().getInstance().close();
    clearInterval(sweeper);
    logger.log('HTTP server closed; finishing deliveries and closing resources');
    await app.close();
    logger.log('Shutdown complete');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

// Wrong configuration found while starting (a storage bucket that does not exist, refused
// credentials) stops start-up with the same one line as a bad variable.
bootstrap().catch((error: unknown) => {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
