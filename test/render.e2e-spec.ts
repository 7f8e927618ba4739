import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { RenderCacheRepository } from '../src/render/render-cache.repository';
import { ImageStorage } from '../src/storage/image-storage';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { databaseUrlOf, startTestApp, TestApp } from './support/test-app';

async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return Array.from(data.subarray(offset, offset + 3));
}

describe('POST /api/generate', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;
  let images: HttpFixtureServer;
  let imagesUrl: string;

  beforeAll(async () => {
    images = new HttpFixtureServer();
    const red = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    images
      .route('/red.png', (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(red))
      .route('/page.html', (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'))
      .route('/huge.png', (_request, response) => {
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(1024 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 50 && response.write(chunk)) sent++;
          if (sent >= 50) response.end();
          else response.once('drain', pump);
        };
        response.on('error', () => undefined);
        pump();
      });
    imagesUrl = await images.start();
    testApp = await startTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    owner = await createAccount(testApp, { plan: 'pro' });
    templateId = await createTemplate(testApp, owner.apiKey);
  });

  afterAll(async () => {
    await testApp?.close();
    await images?.stop();
  });

  const generate = (body: Record<string, unknown>, apiKey = owner.apiKey) =>
    testApp.request('POST', '/api/generate', { apiKey, body: { templateId, layers: {}, ...body } });

  it('renders a real 1200×630 PNG with the rect layer drawn, then serves the same render from cache', async () => {
    const first = await generate({ layers: { title: { text: 'Hello Pictor' } } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, imageUrl: expect.any(String), cached: false, generationTimeMs: expect.any(Number) });
    expect(first.body).not.toHaveProperty('warnings');
    expect(first.body.imageUrl).toMatch(/^http:\/\/pictor\.test\/api\/images\/generated\/[0-9a-f]{64}\.png$/);

    const path = new URL(first.body.imageUrl).pathname;
    const image = await testApp.request('GET', path);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    const metadata = await sharp(image.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(await pixel(image.bytes, 180, 80)).toEqual([0x38, 0xbd, 0xf8]); // inside the badge rect
    expect(await pixel(image.bytes, 5, 5)).toEqual([0x0f, 0x17, 0x2a]); // background

    const second = await generate({ layers: { title: { text: 'Hello Pictor' } } });
    expect(second.body).toMatchObject({ cached: true, imageUrl: first.body.imageUrl });
  });

  it('has the render thread that drew an image store it: the event loop never puts it, and its URL serves it', async () => {
    const storage = testApp.get<ImageStorage>(ImageStorage as never);
    const put = jest.spyOn(storage, 'put');
    try {
      const drawn = await generate({ layers: { title: { text: 'Stored by its render thread' } } });
      expect(drawn.status).toBe(200);
      expect(put).not.toHaveBeenCalled();
      const image = await testApp.request('GET', new URL(drawn.body.imageUrl).pathname);
      expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
      // The cache row records the size the thread reported, though the bytes never reached this thread.
      const key = /([0-9a-f]{64})\.png$/.exec(drawn.body.imageUrl)![1];
      expect((await testApp.get(RenderCacheRepository).find(key))?.byteSize).toBe(image.bytes.length);
    } finally {
      put.mockRestore();
    }
  });

  it('puts the image from the event loop when its render thread could not write it', async () => {
    const storage = testApp.get<ImageStorage>(ImageStorage as never);
    const original = storage.localWrite.bind(storage);
    const unwritable = jest.spyOn(storage, 'localWrite').mockImplementation((name) => {
      const planned = original(name);
      return planned && { ...planned, temporary: join(dirname(planned.temporary), 'no-such-folder', 'image.tmp') };
    });
    const put = jest.spyOn(storage, 'put');
    try {
      const drawn = await generate({ layers: { title: { text: 'Stored by the event loop' } } });
      expect(drawn.status).toBe(200);
      expect(put).toHaveBeenCalledTimes(1);
      const image = await testApp.request('GET', new URL(drawn.body.imageUrl).pathname);
      expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    } finally {
      unwritable.mockRestore();
      put.mockRestore();
    }
  });

  it('draws different text into a different image at a different URL', async () => {
    const a = await generate({ layers: { title: { text: 'Alpha' } } });
    const b = await generate({ layers: { title: { text: 'Bravo' } } });
    expect(a.body.imageUrl).not.toBe(b.body.imageUrl);
    const [imageA, imageB] = await Promise.all([a, b].map((r) => testApp.request('GET', new URL(r.body.imageUrl).pathname)));
    expect(imageA.bytes.equals(imageB.bytes)).toBe(false);
  });

  it('answers HEAD for an image and 404 JSON for an unknown one', async () => {
    const rendered = await generate({ layers: { title: { text: 'Head' } } });
    const head = await testApp.request('HEAD', new URL(rendered.body.imageUrl).pathname);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    const missing = await testApp.request('GET', `/api/images/generated/${'0'.repeat(64)}.png`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, code: 'image_not_found' });
    expect((await testApp.request('GET', '/api/images/generated/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });

  it.each([
    ['jpeg', 'jpeg', 'jpg'],
    ['webp', 'webp', 'webp'],
  ])('renders %s with the right extension and size', async (format, sharpFormat, extension) => {
    const response = await generate({ format, width: 600, quality: 70 });
    expect(response.status).toBe(200);
    expect(response.body.imageUrl.endsWith(`.${extension}`)).toBe(true);
    const image = await testApp.request('GET', new URL(response.body.imageUrl).pathname);
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: sharpFormat, width: 600, height: 315 });
  });

  it('warns about unknown layers on every answer, cached or not, without changing the image', async () => {
    const plain = await generate({ layers: { title: { text: 'Warn' } } });
    const first = await generate({ layers: { title: { text: 'Warn' }, ghost: { text: 'x' } } });
    expect(first.body.cached).toBe(true);
    expect(first.body.imageUrl).toBe(plain.body.imageUrl);
    expect(first.body.warnings).toEqual([{ code: 'unknown_layer', layer: 'ghost', message: expect.any(String) }]);
  });

  it('truncates text that cannot fit and keeps the warning on cached answers', async () => {
    const body = { layers: { title: { text: 'word '.repeat(400) } } };
    const first = await generate(body);
    expect(first.body.warnings).toEqual([expect.objectContaining({ code: 'text_truncated', layer: 'title' })]);
    const second = await generate(body);
    expect(second.body).toMatchObject({ cached: true, warnings: first.body.warnings });
  });

  it('draws a fetched image layer and skips broken ones with a warning (not cached)', async () => {
    const ok = await generate({ layers: { avatar: { imageUrl: `${imagesUrl}/red.png` } } });
    expect(ok.status).toBe(200);
    expect(ok.body).not.toHaveProperty('warnings');
    const image = await testApp.request('GET', new URL(ok.body.imageUrl).pathname);
    expect(await pixel(image.bytes, 1060, 530)).toEqual([255, 0, 0]);

    for (const path of ['/missing.png', '/page.html', '/huge.png']) {
      const broken = await generate({ layers: { avatar: { imageUrl: `${imagesUrl}${path}` } } });
      expect(broken.status).toBe(200);
      expect(broken.body.warnings).toEqual([expect.objectContaining({ code: 'image_unavailable', layer: 'avatar' })]);
      const again = await generate({ layers: { avatar: { imageUrl: `${imagesUrl}${path}` } } });
      expect(again.body.cached).toBe(false);
    }
  });

  it('refuses private image addresses that are not allow-listed, without connecting', async () => {
    const before = images.connections;
    const response = await generate({ layers: { avatar: { imageUrl: `http://localhost:${new URL(imagesUrl).port}/red.png` } } });
    expect(response.status).toBe(200);
    expect(response.body.warnings).toEqual([expect.objectContaining({ code: 'image_unavailable', message: expect.stringContaining('not allowed') })]);
    expect(images.connections).toBe(before);
  });

  it('draws in threads niced by RENDER_NICE, so the main thread keeps priority', async () => {
    expect((await generate({ layers: { title: { text: `Niced ${Date.now()}` } } })).status).toBe(200);
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the ")" that ends its name).
    const niceOf = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
    const threads = readdirSync('/proc/self/task').map(niceOf);
    expect(niceOf(String(process.pid))).toBe(0);
    expect(threads.filter((nice) => nice === testApp.config.renderNice).length).toBeGreaterThanOrEqual(testApp.config.renderThreads);
  });

  it('draws concurrent identical renders once', async () => {
    const body = { layers: { title: { text: `Concurrent ${Date.now()}` } } };
    const responses = await Promise.all(Array.from({ length: 8 }, () => generate(body)));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(responses.filter((response) => response.body.cached === false)).toHaveLength(1);
    expect(new Set(responses.map((response) => response.body.imageUrl)).size).toBe(1);
  });

  it('serves the cache after a restart of the app', async () => {
    const first = await generate({ layers: { title: { text: 'Survives restarts' } } });
    const restarted = await startTestApp({
      shared: { dataDir: testApp.config.dataDir, databaseUrl: databaseUrlOf(testApp) },
    });
    try {
      const again = await restarted.request('POST', '/api/generate', {
        apiKey: owner.apiKey,
        body: { templateId, layers: { title: { text: 'Survives restarts' } } },
      });
      expect(again.body).toMatchObject({ cached: true, imageUrl: first.body.imageUrl });
    } finally {
      await restarted.close();
    }
    expect(readdirSync(testApp.config.imagesDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('never serves an older template version from cache', async () => {
    const before = await generate({ layers: { title: { text: 'Versioned' } } });
    const patched = await testApp.request('PATCH', `/api/templates/${templateId}`, { apiKey: owner.apiKey, body: { background: '#000000' } });
    expect(patched.body.version).toBe(2);
    const after = await generate({ layers: { title: { text: 'Versioned' } } });
    expect(after.body.cached).toBe(false);
    expect(after.body.imageUrl).not.toBe(before.body.imageUrl);
  });

  it("answers another account's template exactly like a missing one", async () => {
    const stranger = await createAccount(testApp);
    const theirs = await generate({}, stranger.apiKey);
    const missing = await generate({ templateId: 'tpl_doesnotexist00000' }, stranger.apiKey);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('template_not_found');
    expect({ ...theirs.body, message: '' }).toEqual({ ...missing.body, message: '' });
  });
});
