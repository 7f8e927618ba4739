import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { parseDuration } from './duration';

export type DatabaseConfig = { type: 'sqlite'; path: string } | { type: 'mysql'; url: string };

export interface S3StorageConfig {
  type: 's3';
  bucket: string;
  /** Object keys are `<prefix>/<name>`; empty for the bucket's root. */
  prefix: string;
  endpoint: string | null;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

export type StorageConfig = { type: 'file'; directory: string } | S3StorageConfig;

/** The whole validated configuration. Injected by class token so consumers get types. */
export class AppConfig {
  readonly nodeEnv: string;
  readonly port: number;
  readonly host: string;
  readonly publicBaseUrl: string;
  readonly dataDir: string;
  readonly imagesDir: string;
  /** Where drawn images (and account fonts) live: local directory or S3-compatible bucket. */
  readonly storage: StorageConfig;
  /** Prefix of every `imageUrl`: `IMAGE_BASE_URL`, else `PUBLIC_BASE_URL/api/images/generated`. */
  readonly imageBaseUrl: string;
  /** Images neither rendered nor requested for this long are deleted (ms); null keeps them forever. */
  readonly imageRetentionMs: number | null;
  /** How often the retention sweep runs (ms). */
  readonly imageRetentionSweepMs: number;
  /** Fresh anonymous `GET /api/render` renders per client address per minute. */
  readonly publicRenderPerMinute: number;
  /** Fastify's trustProxy: false, or the proxies (addresses/CIDRs) whose X-Forwarded-For is believed. */
  readonly trustProxy: false | string[];
  readonly database: DatabaseConfig;
  readonly redisUrl: string | null;
  /** Prefix of every Redis key, so deployments (or test runs) can share one Redis. */
  readonly redisPrefix: string;
  /** 32-byte key: encrypts secrets at rest and keys the render-cache HMAC. */
  readonly secretsKey: Buffer;
  /** `host` or `host:port` entries exactly as written. */
  readonly allowedPrivateHosts: readonly string[];
  readonly renderThreads: number;
  /** Added to the render threads' nice value, so answering HTTP (the main thread) goes first under load. */
  readonly renderNice: number;
  /** Budget of one render, admission to stored image (ms); past it the drawing is stopped and refunded. */
  readonly renderTimeoutMs: number;
  /** Decoded image-layer pixels one render may use in total. */
  readonly renderMaxInputPixels: number;
  /** Headers and body of a request must arrive within this (ms), else the socket is closed. */
  readonly httpRequestTimeoutMs: number;
  readonly logLevel: string;
  readonly logFormat: 'json' | 'pretty';
  /** Studio previews per account per minute (their own limit: never the plan's minute or month). */
  readonly previewPerMinute: number;
  /** Job rows one account may have drawing at once, across instances (§22). */
  readonly jobConcurrencyPerAccount: number;
  /** With Redis: whether this process runs job rows (JOB_WORKER=off makes an API-only instance). */
  readonly jobWorker: boolean;
  /** With Redis: how long a process that died (kill -9) still holds its job rows before others take them (ms). */
  readonly jobLeaseMs: number;
  /** `npm run worker` only: the port of its Prometheus `/metrics` (on HOST); null serves none. */
  readonly workerMetricsPort: number | null;

  constructor(values: AppConfig) {
    Object.assign(this, values);
  }
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

const integerString = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be between ${min} and ${max}`);

const duration = (minMs: number, maxMs: number) =>
  z.string().transform((value, context) => {
    const ms = parseDuration(value);
    if (ms === null || ms < minMs || ms > maxMs) {
      context.addIssue({ code: 'custom', message: `must be a duration like 15s or 500ms, between ${minMs} ms and ${maxMs} ms` });
      return z.NEVER;
    }
    return ms;
  });

const booleanString = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const environmentSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: integerString(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_BASE_URL: z
    .string()
    .url('must be an absolute http(s) URL')
    .refine((value) => /^https?:\/\//.test(value), 'must be an absolute http(s) URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^(sqlite:.+|mysql:\/\/.+)$/.test(value), 'must be sqlite:<path> or mysql://user:pass@host:port/db')
    .optional(),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\/.+/.test(value), 'must be a redis:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1–64 characters of letters, digits, _ : . -')
    .default('pictor:'),
  SECRETS_KEY: z.string().optional(),
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z.string().default(''),
  RENDER_THREADS: integerString(1, 64).optional(),
  RENDER_NICE: integerString(0, 19).default(5),
  STORAGE_URL: z
    .string()
    .refine((value) => /^(file:.+|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?)$/.test(value), 'must be file:<dir> or s3://<bucket>/<prefix>')
    .optional(),
  S3_ENDPOINT: z
    .string()
    .refine((value) => /^https?:\/\/[^\s/]+/.test(value), 'must be an http(s) URL')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  IMAGE_BASE_URL: z
    .string()
    .refine((value) => /^https?:\/\/[^\s]+$/.test(value), 'must be an absolute http(s) URL')
    .optional(),
  // Up to ten years; at least a second, so a typo cannot delete everything at once.
  IMAGE_RETENTION: duration(1_000, 315_360_000_000).optional(),
  IMAGE_RETENTION_SWEEP: duration(1_000, 2_592_000_000).default(3_600_000),
  PUBLIC_RENDER_PER_MINUTE: integerString(1, 1_000_000).default(30),
  TRUST_PROXY: z.string().default(''),
  RENDER_TIMEOUT: duration(100, 3_600_000).default(15_000),
  RENDER_MAX_INPUT_PIXELS: integerString(1, 10_000_000_000).default(100_000_000),
  HTTP_REQUEST_TIMEOUT: duration(100, 3_600_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  PREVIEW_PER_MINUTE: integerString(1, 100_000).default(120),
  JOB_CONCURRENCY_PER_ACCOUNT: integerString(1, 64).default(2),
  JOB_WORKER: z.enum(['on', 'off']).default('on'),
  JOB_LEASE: duration(1_000, 600_000).default(30_000),
  WORKER_METRICS_PORT: integerString(1, 65535).optional(),
});

/** Accepts 64 hex characters or base64 of exactly 32 bytes. */
export function parseSecretsKey(value: string): Buffer {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64');
  if (decoded.length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(trimmed)) return decoded;
  throw new ConfigError('SECRETS_KEY', 'must be 32 bytes as 64 hex characters or base64');
}

function loadOrCreateSecretsKey(dataDir: string): Buffer {
  const file = join(dataDir, 'secrets.key');
  if (existsSync(file)) return parseSecretsKey(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' fails if another process created it first; then read theirs so both agree.
  try {
    writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return parseSecretsKey(readFileSync(file, 'utf8'));
  }
}

/** Validates the environment into an AppConfig; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(String(issue.path[0]), issue.message);
  }
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  const databaseUrl = values.DATABASE_URL ?? `sqlite:${join(dataDir, 'pictor.sqlite')}`;
  const database: DatabaseConfig = databaseUrl.startsWith('sqlite:')
    ? { type: 'sqlite', path: resolveSqlitePath(databaseUrl.slice('sqlite:'.length)) }
    : { type: 'mysql', url: databaseUrl };
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction && !values.SECRETS_KEY) {
    throw new ConfigError('SECRETS_KEY', 'is required when NODE_ENV=production');
  }
  const secretsKey = values.SECRETS_KEY ? parseSecretsKey(values.SECRETS_KEY) : loadOrCreateSecretsKey(dataDir);
  const port = values.PORT;
  const publicBaseUrl = (values.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const storage = parseStorage(values, join(dataDir, 'images'));
  return new AppConfig({
    nodeEnv: values.NODE_ENV,
    port,
    host: values.HOST,
    publicBaseUrl,
    dataDir,
    imagesDir: storage.type === 'file' ? storage.directory : join(dataDir, 'images'),
    storage,
    imageBaseUrl: (values.IMAGE_BASE_URL ?? `${publicBaseUrl}/api/images/generated`).replace(/\/+$/, ''),
    imageRetentionMs: values.IMAGE_RETENTION ?? null,
    imageRetentionSweepMs: values.IMAGE_RETENTION_SWEEP,
    publicRenderPerMinute: values.PUBLIC_RENDER_PER_MINUTE,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    database,
    redisUrl: values.REDIS_URL ?? null,
    redisPrefix: values.REDIS_PREFIX,
    secretsKey,
    allowedPrivateHosts: values.WEBHOOK_ALLOWED_PRIVATE_HOSTS.split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    renderThreads: values.RENDER_THREADS ?? defaultThreads(),
    renderNice: values.RENDER_NICE,
    renderTimeoutMs: values.RENDER_TIMEOUT,
    renderMaxInputPixels: values.RENDER_MAX_INPUT_PIXELS,
    httpRequestTimeoutMs: values.HTTP_REQUEST_TIMEOUT,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    previewPerMinute: values.PREVIEW_PER_MINUTE,
    jobConcurrencyPerAccount: values.JOB_CONCURRENCY_PER_ACCOUNT,
    jobWorker: values.JOB_WORKER === 'on',
    jobLeaseMs: values.JOB_LEASE,
    workerMetricsPort: values.WORKER_METRICS_PORT ?? null,
  });
}

type EnvironmentValues = z.infer<typeof environmentSchema>;

function parseStorage(values: EnvironmentValues, defaultDirectory: string): StorageConfig {
  const url = values.STORAGE_URL;
  if (!url) return { type: 'file', directory: defaultDirectory };
  if (url.startsWith('file:')) return { type: 'file', directory: resolve(url.slice('file:'.length)) };
  const [bucket, ...prefixParts] = url.slice('s3://'.length).split('/');
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(values.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'must be set together with the other S3 key variable');
  }
  return {
    type: 's3',
    bucket,
    prefix: prefixParts.filter(Boolean).join('/'),
    endpoint: values.S3_ENDPOINT ?? null,
    region: values.S3_REGION,
    credentials: values.S3_ACCESS_KEY_ID ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY! } : null,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
  };
}

/** `TRUST_PROXY`: empty = trust nobody; otherwise comma-separated addresses or CIDR ranges of the proxies. */
function parseTrustProxy(value: string): false | string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
      throw new ConfigError('TRUST_PROXY', `must list proxy addresses or CIDR ranges (got "${entry}")`);
    }
  }
  return entries.length > 0 ? entries : false;
}

function resolveSqlitePath(path: string): string {
  if (path === ':memory:') return path;
  return isAbsolute(path) ? path : resolve(path);
}

function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}
