import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pictor-config-'));

  it('defaults to SQLite under DATA_DIR and generates a persistent secrets key', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.database).toEqual({ type: 'sqlite', path: join(dataDir, 'pictor.sqlite') });
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.renderNice).toBe(5);
    expect(loadConfig({ DATA_DIR: dataDir, RENDER_NICE: '0' }).renderNice).toBe(0);
    expect(config.secretsKey).toHaveLength(32);
    expect(readFileSync(join(dataDir, 'secrets.key'), 'utf8').trim()).toBe(config.secretsKey.toString('hex'));
    expect(loadConfig({ DATA_DIR: dataDir }).secretsKey.equals(config.secretsKey)).toBe(true);
  });

  it('reads the render budget and HTTP timeout as durations, with the contract defaults', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect(defaults.renderTimeoutMs).toBe(15_000);
    expect(defaults.renderMaxInputPixels).toBe(100_000_000);
    expect(defaults.httpRequestTimeoutMs).toBe(30_000);
    const custom = loadConfig({ DATA_DIR: dataDir, RENDER_TIMEOUT: '2m', HTTP_REQUEST_TIMEOUT: '1500ms', RENDER_MAX_INPUT_PIXELS: '5000000' });
    expect(custom.renderTimeoutMs).toBe(120_000);
    expect(custom.httpRequestTimeoutMs).toBe(1500);
    expect(custom.renderMaxInputPixels).toBe(5_000_000);
  });

  it('reads MySQL URLs, the allow-list and the public base URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'mysql://u:p@db:3306/pictor',
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1, Receiver:8080',
      PUBLIC_BASE_URL: 'https://img.example.com/',
      PORT: '8080',
    });
    expect(config.database).toEqual({ type: 'mysql', url: 'mysql://u:p@db:3306/pictor' });
    expect(config.allowedPrivateHosts).toEqual(['127.0.0.1', 'receiver:8080']);
    expect(config.publicBaseUrl).toBe('https://img.example.com');
    expect(config.port).toBe(8080);
  });

  it('reads storage, retention and anonymous-limit settings (§19)', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect(defaults.storage).toEqual({ type: 'file', directory: join(dataDir, 'images') });
    expect(defaults.imageBaseUrl).toBe('http://localhost:3000/api/images/generated');
    expect(defaults.imageRetentionMs).toBeNull();
    expect(defaults.imageRetentionSweepMs).toBe(3_600_000);
    expect(defaults.publicRenderPerMinute).toBe(30);
    expect(defaults.trustProxy).toBe(false);
    const s3 = loadConfig({
      DATA_DIR: dataDir,
      STORAGE_URL: 's3://pictor-images/prod/v1/',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      IMAGE_BASE_URL: 'https://cdn.example.com/i/',
      IMAGE_RETENTION: '30d',
      IMAGE_RETENTION_SWEEP: '10m',
      PUBLIC_RENDER_PER_MINUTE: '5',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(s3.storage).toEqual({
      type: 's3',
      bucket: 'pictor-images',
      prefix: 'prod/v1',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(s3.imageBaseUrl).toBe('https://cdn.example.com/i');
    expect(s3.imageRetentionMs).toBe(30 * 86_400_000);
    expect(s3.imageRetentionSweepMs).toBe(600_000);
    expect(s3.publicRenderPerMinute).toBe(5);
    expect(s3.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_URL: 'file:/srv/images' }).storage).toEqual({ type: 'file', directory: '/srv/images' });
  });

  it.each([
    ['STORAGE_URL', { STORAGE_URL: 'ftp://x' }],
    ['STORAGE_URL', { STORAGE_URL: 's3://' }],
    ['S3_ENDPOINT', { STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'minio:9000' }],
    ['S3_SECRET_ACCESS_KEY', { STORAGE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'id' }],
    ['S3_FORCE_PATH_STYLE', { S3_FORCE_PATH_STYLE: 'yes' }],
    ['IMAGE_BASE_URL', { IMAGE_BASE_URL: 'cdn.example.com' }],
    ['IMAGE_RETENTION', { IMAGE_RETENTION: 'forever' }],
    ['IMAGE_RETENTION', { IMAGE_RETENTION: '0s' }],
    ['IMAGE_RETENTION_SWEEP', { IMAGE_RETENTION_SWEEP: '1 hour' }],
    ['PUBLIC_RENDER_PER_MINUTE', { PUBLIC_RENDER_PER_MINUTE: '0' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'nginx.internal' }],
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://x' }],
    ['REDIS_URL', { REDIS_URL: 'localhost:6379' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'not a url' }],
    ['SECRETS_KEY', { SECRETS_KEY: 'short' }],
    ['SECRETS_KEY', { NODE_ENV: 'production' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['RENDER_NICE', { RENDER_NICE: '20' }],
    ['RENDER_NICE', { RENDER_NICE: '-1' }],
    ['RENDER_TIMEOUT', { RENDER_TIMEOUT: 'soon' }],
    ['RENDER_TIMEOUT', { RENDER_TIMEOUT: '0s' }],
    ['RENDER_MAX_INPUT_PIXELS', { RENDER_MAX_INPUT_PIXELS: '0' }],
    ['HTTP_REQUEST_TIMEOUT', { HTTP_REQUEST_TIMEOUT: '30 s' }],
  ])('names %s when it is invalid', (variable, env) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toContain(variable);
    }
  });
});
