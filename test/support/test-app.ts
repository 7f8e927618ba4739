import type { INestApplication, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { configureHttpPlatform, createHttpAdapter, NEST_APPLICATION_OPTIONS } from '../../src/app.factory';
import { AppModule } from '../../src/app.module';
import { Clock } from '../../src/common/clock/clock';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { FakeClock } from './fake-clock';
import { contractViolation } from './openapi-contract';
import { freshDatabaseUrl } from './test-database';

export interface TestApp {
  app: NestFastifyApplication;
  baseUrl: string;
  config: AppConfig;
  clock: FakeClock;
  dataSource: DataSource;
  get<T>(token: Type<T> | string | symbol): T;
  /** Every route the HTTP server registered (method and path as written, e.g. `/api/templates/:id`). */
  routes: Array<{ method: string; path: string }>;
  /** fetch() against the app, JSON in and out. */
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface RequestOptions {
  apiKey?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /**
   * Skip the OpenAPI contract check for this one request. Only for requests that never reach a route
   * (raw framing abuse); every answer of a route must match the document.
   */
  skipContract?: boolean;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  bytes: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON answer, checked by the assertions and the OpenAPI contract
  body: any;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Replace providers (resolver, storage, …) before the app starts. */
  overrides?: Array<{ provide: unknown; useValue: unknown }>;
  /** Share a data directory and database with another instance. */
  shared?: { dataDir: string; databaseUrl: string; redisPrefix?: string };
}

/** Boots the real application on a real database and a random port. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.shared?.dataDir ?? mkdtempSync(join(tmpdir(), 'pictor-test-'));
  const database = options.shared ? { url: options.shared.databaseUrl, drop: () => Promise.resolve() } : await freshDatabaseUrl(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SECRETS_KEY: 'a'.repeat(64),
    PUBLIC_BASE_URL: 'http://pictor.test',
    RENDER_THREADS: '2',
    LOG_LEVEL: 'silent',
    // The suite runs on Redis-shared limits when the environment names a Redis (CI's second pass).
    // Each app gets its own key space, so state left in Redis by earlier runs cannot leak in.
    ...(process.env.REDIS_URL
      ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: options.shared?.redisPrefix ?? `pictor-test-${randomBytes(6).toString('hex')}:` }
      : {}),
    ...options.env,
  });
  const clock = new FakeClock();
  let builder = Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(Clock)
    .useValue(clock);
  for (const override of options.overrides ?? []) builder = builder.overrideProvider(override.provide).useValue(override.useValue);
  const moduleRef = await builder.compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(
    createHttpAdapter({ requestTimeoutMs: config.httpRequestTimeoutMs, trustProxy: config.trustProxy }),
    { ...NEST_APPLICATION_OPTIONS, logger: ['error'] },
  );
  const routes: Array<{ method: string; path: string }> = [];
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, path: route.url });
    });
  await configureHttpPlatform(app);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const request = async (method: string, path: string, requestOptions: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (requestOptions.apiKey) headers.authorization = `Bearer ${requestOptions.apiKey}`;
    let body: string | Buffer | undefined = requestOptions.rawBody;
    if (requestOptions.body !== undefined) {
      body = JSON.stringify(requestOptions.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(baseUrl + path, { method, headers, body });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    let parsed: unknown = undefined;
    if (response.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
    if (!requestOptions.skipContract) {
      const violation = contractViolation(method, path, {
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: parsed,
        hasBody: bytes.length > 0,
      });
      if (violation) throw new Error(`OpenAPI contract: ${violation}`);
    }
    return { status: response.status, headers: response.headers, text, bytes, body: parsed };
  };

  return {
    app,
    baseUrl,
    config,
    clock,
    dataSource: app.get(DataSource),
    routes,
    get: <T>(token: Type<T> | string | symbol) => (app as INestApplication).get<T>(token),
    request,
    close: async () => {
      await app.close();
      if (!options.shared) {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The DATABASE_URL another process or instance needs to open `testApp`'s database. */
export function databaseUrlOf(testApp: TestApp): string {
  const database = testApp.config.database;
  return database.type === 'sqlite' ? `sqlite:${database.path}` : database.url;
}

/** Another instance on `first`'s database, data directory and Redis key space (as instances of one deployment share them). */
export function startSecondInstance(first: TestApp, options: Omit<TestAppOptions, 'shared'> = {}): Promise<TestApp> {
  return startTestApp({ ...options, shared: { dataDir: first.config.dataDir, databaseUrl: databaseUrlOf(first), redisPrefix: first.config.redisPrefix } });
}
