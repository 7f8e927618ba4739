import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureHttpPlatform, createHttpAdapter, NEST_APPLICATION_OPTIONS } from './app.factory';
import { AppModule } from './app.module';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { exitGracefullyOnSignals, shutdownBoundMs } from './common/runtime/graceful-shutdown';
import { AppLogger } from './logging/app-logger';
import { DELIVERY_TIMEOUT_MS } from './webhooks/webhook-delivery.service';

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

  // Stop accepting first, let in-flight requests finish, then close the app: the job rows being drawn, pending
  // webhook deliveries, the render pool, the database and Redis (the bound adds up those steps' own bounds).
  exitGracefullyOnSignals(logger, shutdownBoundMs(config, { servesHttp: true, deliveryTimeoutMs: DELIVERY_TIMEOUT_MS }), async (signal) => {
    logger.log(`${signal} received: draining`);
    // Connections that finish their last request while we drain stay open as idle keep-alives;
    // close those as they appear so close() does not wait for clients to hang up.
    const server = app.getHttpServer();
    const sweeper = setInterval(() => server.closeIdleConnections(), 100);
    await app.getHttpAdapter().getInstance().close();
    clearInterval(sweeper);
    logger.log('HTTP server closed; finishing deliveries and closing resources');
    await app.close();
  });
}

// Wrong configuration found while starting (a storage bucket that does not exist, refused
// credentials) stops start-up with the same one line as a bad variable.
bootstrap().catch((error: unknown) => {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
