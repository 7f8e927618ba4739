import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureHttpPlatform, createHttpAdapter, NEST_APPLICATION_OPTIONS } from './app.factory';
import { AppModule } from './app.module';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';

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
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), createHttpAdapter(), NEST_APPLICATION_OPTIONS);
  configureHttpPlatform(app);
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
}

void bootstrap();
