// Pictor's own request pipeline as a ceiling for cached answers: the built app (dist/), started as main.ts starts it
// (same modules, Fastify hooks, guards, interceptors, validation pipe, logger), on the running bench server's data
// directory, with one change: once the render service has answered a cache hit, it returns that same answer without
// looking anything up. Pictor's cached answer against this is what the cache-hit work itself costs; this against
// the framework ceiling is what the pipeline around the handler costs.
import 'reflect-metadata';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type * as AppFactory from '../src/app.factory';
import type * as AppModuleFile from '../src/app.module';
import type * as AppConfigFile from '../src/config/app-config';
import type * as RenderServiceFile from '../src/render/render.service';

const DIST = join(__dirname, '..', 'dist');

async function main(): Promise<void> {
  // The compiled files, as `npm start` runs them (the bench builds first); the types come from src/.
  const { configureHttpPlatform, createHttpAdapter, NEST_APPLICATION_OPTIONS } = (await import(join(DIST, 'app.factory.js'))) as typeof AppFactory;
  const { AppModule } = (await import(join(DIST, 'app.module.js'))) as typeof AppModuleFile;
  const { loadConfig } = (await import(join(DIST, 'config', 'app-config.js'))) as typeof AppConfigFile;
  const { RenderService } = (await import(join(DIST, 'render', 'render.service.js'))) as typeof RenderServiceFile;

  const config = loadConfig();
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config),
    createHttpAdapter({ requestTimeoutMs: config.httpRequestTimeoutMs, trustProxy: config.trustProxy }),
    { ...NEST_APPLICATION_OPTIONS, logger: false },
  );
  await configureHttpPlatform(app);

  const renders = app.get(RenderService);
  const renderOwned = renders.renderOwned.bind(renders);
  let kept: Awaited<ReturnType<typeof renderOwned>> | undefined;
  renders.renderOwned = async (account, request) => {
    if (kept) return kept;
    const outcome = await renderOwned(account, request);
    if (outcome.headers['X-Cache'] === 'HIT') kept = outcome;
    return outcome;
  };

  await app.listen(config.port, '127.0.0.1');
  process.send?.('listening');
}

void main();
