import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../src/config/app-config';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { S3_TEST_CREDENTIALS, startFaultProxy, startS3Server } from './support/s3-test-server';
import { startSecondInstance, startTestApp, TestApp } from './support/test-app';

/** §19: images in an S3-compatible bucket (a real S3 protocol server, s3rver), and what happens when it fails. */
describe('S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;

  beforeAll(async () => {
    s3 = await startS3Server(['pictor-images']);
  });

  afterAll(() => s3?.close());

  const s3Env = (endpoint: string, extra: Record<string, string> = {}) => ({
    STORAGE_URL: 's3://pictor-images/generated/v1',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    ...S3_TEST_CREDENTIALS,
    ...extra,
  });

  describe('when the store works', () => {
    let testApp: TestApp;
    let owner: TestAccount;
    let templateId: string;

    beforeAll(async () => {
      testApp = await startTestApp({ env: s3Env(s3.endpoint) });
      owner = await createAccount(testApp, { plan: 'pro' });
      templateId = await createTemplate(testApp, owner.apiKey);
    });

    afterAll(() => testApp?.close());

    it('stores renders as <prefix>/<key>.<ext> in the bucket, streams them back, and reports the store in readiness', async () => {
      const rendered = await testApp.request('POST', '/api/generate', {
        apiKey: owner.apiKey,
        body: { templateId, layers: { title: { text: 'In the bucket' } } },
      });
      expect(rendered.status).toBe(200);
      const fileName = new URL(rendered.body.imageUrl).pathname.split('/').pop()!;
      // s3rver keeps each object as a file under <dir>/<bucket>/<key>._S3rver_object.
      const objectFile = await s3.objectFile('pictor-images', `generated/v1/${fileName}`);
      expect(existsSync(join(testApp.config.dataDir, 'images', fileName))).toBe(false);

      const image = await testApp.request('GET', `/api/images/generated/${fileName}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.bytes.equals(readFileSync(objectFile))).toBe(true);
      expect(image.bytes.subarray(1, 4).toString()).toBe('PNG');
      expect((await testApp.request('GET', `/api/images/generated/${'0'.repeat(64)}.png`)).status).toBe(404);

      const publicImage = await testApp.request('GET', `/api/render?templateId=${templateId}&layers[title][text]=In%20the%20bucket`);
      expect(publicImage.status).toBe(200);
      expect(publicImage.headers.get('x-cache')).toBe('HIT');
      expect(publicImage.bytes.equals(image.bytes)).toBe(true);

      const ready = await testApp.request('GET', '/health/ready');
      expect(ready.body.info).toHaveProperty('storage.status', 'up');
    });
  });

  it('treats a cached entry whose object was removed from the bucket as a miss on an instance that has not seen it', async () => {
    const testApp = await startTestApp({ env: s3Env(s3.endpoint) });
    try {
      const owner = await createAccount(testApp, { plan: 'pro' });
      const templateId = await createTemplate(testApp, owner.apiKey);
      const body = { templateId, layers: { title: { text: 'Removed behind our back' } } };
      const drawn = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body });
      const fileName = new URL(drawn.body.imageUrl).pathname.split('/').pop()!;
      rmSync(await s3.objectFile('pictor-images', `generated/v1/${fileName}`));
      rmSync(join(s3.directory, 'pictor-images', 'generated', 'v1', `${fileName}._S3rver_metadata.json`), { force: true });
      // This instance put the object itself and trusts that for a few minutes; a second instance asks the store.
      const other = await startSecondInstance(testApp, { env: s3Env(s3.endpoint) });
      try {
        const again = await other.request('POST', '/api/generate', { apiKey: owner.apiKey, body });
        expect(again.body.cached).toBe(false);
        expect((await other.request('GET', new URL(again.body.imageUrl).pathname)).status).toBe(200);
      } finally {
        await other.close();
      }
    } finally {
      await testApp.close();
    }
  });

  it('points imageUrl at IMAGE_BASE_URL when set, with the same <key>.<ext>', async () => {
    const testApp = await startTestApp({ env: s3Env(s3.endpoint, { IMAGE_BASE_URL: 'https://cdn.example.com/pictor/' }) });
    try {
      const owner = await createAccount(testApp, { plan: 'pro' });
      const templateId = await createTemplate(testApp, owner.apiKey);
      const rendered = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: {} } });
      expect(rendered.body.imageUrl).toMatch(/^https:\/\/cdn\.example\.com\/pictor\/[0-9a-f]{64}\.png$/);
    } finally {
      await testApp.close();
    }
  });

  it.each([
    ['a bucket that does not exist', { STORAGE_URL: 's3://no-such-bucket/x' }, 'STORAGE_URL'],
    ['credentials the store refuses', { S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' }, 'S3_ACCESS_KEY_ID'],
  ])('refuses to start on %s, naming the variable', async (_case, env, variable) => {
    const started = startTestApp({ env: s3Env(s3.endpoint, env) });
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toMatchObject({ variable });
  });

  describe('when the store fails (through a fault-injecting proxy)', () => {
    let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
    let testApp: TestApp;
    let owner: TestAccount;
    let templateId: string;

    beforeAll(async () => {
      proxy = await startFaultProxy(s3.endpoint);
      // Down at start-up: the instance starts anyway (the store may come up later) and is not ready.
      proxy.mode = 'down';
      testApp = await startTestApp({ env: s3Env(proxy.endpoint) });
      owner = await createAccount(testApp, { plan: 'pro' });
      templateId = await createTemplate(testApp, owner.apiKey);
    });

    afterAll(async () => {
      await testApp?.close();
      await proxy?.close();
    });

    const used = async () => (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used;

    it.each(['down', 'slow', 'error'] as const)(
      'answers a fresh render 503 storage_unavailable within 10 s and refunds it when the store is %s; readiness 503; recovers without restart',
      async (mode) => {
        proxy.mode = mode;
        const usedBefore = await used();
        const started = Date.now();
        const refused = await testApp.request('POST', '/api/generate', {
          apiKey: owner.apiKey,
          body: { templateId, layers: { title: { text: `Store ${mode}` } } },
        });
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(refused.status).toBe(503);
        expect(refused.body).toMatchObject({ statusCode: 503, code: 'storage_unavailable' });
        expect(await used()).toBe(usedBefore);
        const notReady = await testApp.request('GET', '/health/ready');
        expect(notReady.status).toBe(503);
        expect(notReady.body.error).toHaveProperty('storage.status', 'down');

        proxy.mode = 'pass';
        expect((await testApp.request('GET', '/health/ready')).status).toBe(200);
        const recovered = await testApp.request('POST', '/api/generate', {
          apiKey: owner.apiKey,
          body: { templateId, layers: { title: { text: `Store ${mode}` } } },
        });
        expect(recovered.status).toBe(200);
        expect(recovered.body.cached).toBe(false);
        expect(await used()).toBe(usedBefore + 1);

        // Serving an image while the store is unreachable is a 503 too, never a hang or a 500.
        proxy.mode = mode;
        const image = await testApp.request('GET', new URL(recovered.body.imageUrl).pathname);
        expect(image.status).toBe(503);
        expect(image.body.code).toBe('storage_unavailable');
        proxy.mode = 'pass';
      },
      30_000,
    );
  });
});
