import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type Piscina from 'piscina';
import { configureHttpPlatform, createHttpAdapter, NEST_APPLICATION_OPTIONS } from './app.factory';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { exitGracefullyOnSignals, shutdownBoundMs } from './common/runtime/graceful-shutdown';
import { AppLogger } from './logging/app-logger';
import { DELIVERY_TIMEOUT_MS } from './webhooks/webhook-delivery.service';

/** Builds the application around the render threads main.ts started, and serves HTTP until a signal drains it. */
export async function serve(config: AppConfig, renderPool: Piscina): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, { renderPool }),
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
