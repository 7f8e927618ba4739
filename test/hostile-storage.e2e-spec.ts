import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/** §20 "a cache entry whose image is gone is a miss" (finding 6), and conditional GETs of images (finding 7). */
describe('hostile input: stored images', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp, { plan: 'pro' });
    templateId = await createTemplate(testApp, owner.apiKey);
  });

  afterAll(() => testApp?.close());

  const used = async () => (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used as number;
  const removeStored = (imageUrl: string) => rmSync(join(testApp.config.imagesDir, imageUrl.split('/').pop()!));
  const imagePath = (imageUrl: string) => new URL(imageUrl).pathname;

  it('POST /api/generate: an entry whose file is gone is drawn again and counted, and its URL works', async () => {
    const body = { templateId, layers: { title: { text: 'gone from disk' } } };
    const first = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body });
    expect(first.body.cached).toBe(false);
    const before = await used();
    removeStored(first.body.imageUrl);

    const again = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body });
    expect(again.status).toBe(200);
    expect(again.body.cached).toBe(false);
    expect(again.body.imageUrl).toBe(first.body.imageUrl);
    expect(await used()).toBe(before + 1);
    const image = await testApp.request('GET', imagePath(again.body.imageUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    // And cached again afterwards.
    const third = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body });
    expect(third.body.cached).toBe(true);
    expect(await used()).toBe(before + 1);
  });

  it('GET /api/render: an entry whose file is gone is drawn again (MISS, counted), never a 500', async () => {
    const path = `/api/render?templateId=${templateId}&layers[title][text]=public%20gone`;
    const first = await testApp.request('GET', path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const before = await used();
    rmSync(join(testApp.config.imagesDir, `${first.headers.get('etag')!.replace(/"/g, '')}.png`));

    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await testApp.request('GET', path);
      expect(again.status).toBe(200);
      expect(again.bytes.equals(first.bytes)).toBe(true);
      expect(again.headers.get('x-cache')).toBe(attempt === 0 ? 'MISS' : 'HIT');
    }
    expect(await used()).toBe(before + 1);
  });

  it('answers 304 to a matching If-None-Match on an image, 200 otherwise, and 404 once it is gone', async () => {
    const rendered = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: { title: { text: 'etag' } } } });
    const path = imagePath(rendered.body.imageUrl);
    const full = await testApp.request('GET', path);
    const etag = full.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const notModified = await testApp.request('GET', path, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
    expect(notModified.headers.get('etag')).toBe(etag);
    expect((await testApp.request('GET', path, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    expect((await testApp.request('HEAD', path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await testApp.request('GET', path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    // `*` matches any image that exists.
    expect((await testApp.request('GET', path, { headers: { 'if-none-match': '*' } })).status).toBe(304);

    removeStored(rendered.body.imageUrl);
    expect((await testApp.request('GET', path, { headers: { 'if-none-match': etag } })).status).toBe(404);
    expect((await testApp.request('GET', path, { headers: { 'if-none-match': '*' } })).status).toBe(404);
  });
});
