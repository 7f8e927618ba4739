import sharp from 'sharp';
import { createAccount, sampleTemplate, TestAccount } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { startTestApp, TestApp } from './support/test-app';

/** Mean absolute difference per channel between two images of the same size (0–255). */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all([a, b].map((bytes) => sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })));
  expect(left.info.width).toBe(right.info.width);
  expect(left.info.height).toBe(right.info.height);
  let total = 0;
  for (let index = 0; index < left.data.length; index++) total += Math.abs(left.data[index] - right.data[index]);
  return total / left.data.length;
}

describe('POST /api/templates/preview', () => {
  let testApp: TestApp;
  let owner: TestAccount;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { PREVIEW_PER_MINUTE: '15' } });
    owner = await createAccount(testApp);
  });
  afterAll(() => testApp.close());

  const preview = (body: unknown, apiKey = owner.apiKey) => testApp.request('POST', '/api/templates/preview', { apiKey, body });

  it('draws the unsaved design with overrides exactly as a render of the saved template does', async () => {
    const body = { template: sampleTemplate(), layers: { title: { text: 'Preview equals render' } } };
    const drawn = await preview(body);
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get('content-type')).toBe('image/png');
    expect(drawn.headers.get('cache-control')).toBe('no-store');
    const metadata = await sharp(drawn.bytes).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 1200, height: 630 });

    const saved = await testApp.request('POST', '/api/templates', { apiKey: owner.apiKey, body: sampleTemplate() });
    const rendered = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId: saved.body.id, layers: body.layers } });
    const image = await testApp.request('GET', new URL(rendered.body.imageUrl).pathname);
    expect(await meanDifference(drawn.bytes, image.bytes)).toBeLessThan(0.5);

    // Not billed: the usage still counts only the one generate above.
    const usage = await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey });
    expect(usage.body.quota.used).toBe(1);
  });

  it('answers the render warnings in X-Render-Warnings, percent-encoded JSON (§24)', async () => {
    const clean = await preview({ template: sampleTemplate() });
    expect(JSON.parse(decodeURIComponent(clean.headers.get('x-render-warnings')!))).toEqual([]);
    const title = sampleTemplate().layers.find((layer: { name: string }) => layer.name === 'title');
    const long = 'Überschrift — ' + 'a very long headline that cannot fit '.repeat(20);
    const warned = await preview({
      template: sampleTemplate({ layers: [{ ...title, name: 'títle', autoFit: false, maxLines: 1, text: long }] }),
      layers: { ghost: { text: 'x' } },
    });
    expect(warned.status).toBe(200);
    const header = warned.headers.get('x-render-warnings')!;
    expect(header).toMatch(/^[\x21-\x7e]+$/);
    expect(JSON.parse(decodeURIComponent(header))).toEqual([
      { code: 'unknown_layer', layer: 'ghost', message: expect.any(String) },
      { code: 'text_truncated', layer: 'títle', message: expect.any(String) },
    ]);
  });

  it('honours format and size, and scales anything larger down to 4 megapixels', async () => {
    const jpeg = await preview({ template: sampleTemplate(), format: 'jpeg', width: 600 });
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(jpeg.bytes).metadata()).toMatchObject({ width: 600, height: 315, format: 'jpeg' });

    const huge = await preview({ template: sampleTemplate({ width: 4096, height: 4096, layers: [] }) });
    expect(huge.status).toBe(200);
    const size = await sharp(huge.bytes).metadata();
    expect(size.width * size.height).toBeLessThanOrEqual(4 * 2 ** 20);
    expect(size).toMatchObject({ width: 2048, height: 2048 });
  });

  it('validates the body like a template and a render: 400 with details, never a 500', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      {},
      { template: {} },
      { template: sampleTemplate({ width: 0 }) },
      { template: sampleTemplate({ layers: [{ name: 'a', type: 'triangle' }] }) },
      { template: sampleTemplate(), layers: { title: { fontSize: 'big' } } },
      { template: sampleTemplate(), format: 'gif' },
      { template: sampleTemplate(), templateId: 'tpl_x' },
      { template: sampleTemplate(), width: 99999 },
    ];
    for (const body of bodies) {
      const answer = await preview(body);
      expect([answer.status, body]).toEqual([400, body]);
      expect(answer.body.code).toBe('validation_failed');
    }
    const named = await preview({ template: sampleTemplate({ layers: [{ name: 'badge', type: 'rect', width: 10, height: 10, fill: 'blue' }] }) });
    expect(named.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'template.layers.0.fill' })]));
  });

  it('needs authentication', async () => {
    const anonymous = await testApp.request('POST', '/api/templates/preview', { body: { template: sampleTemplate() } });
    expect(anonymous.status).toBe(401);
  });

  it('has its own per-account limit: a 429 rate_limited with Retry-After, and renders still pass', async () => {
    const limited = await createAccount(testApp);
    const small = { template: sampleTemplate({ width: 40, height: 20, layers: [] }) };
    const statuses: number[] = [];
    for (let index = 0; index < 16; index++) statuses.push((await preview(small, limited.apiKey)).status);
    expect(statuses.slice(0, 15)).toEqual(Array(15).fill(200));
    expect(statuses[15]).toBe(429);
    const refused = await preview(small, limited.apiKey);
    expect(refused.body).toMatchObject({ code: 'rate_limited', limit: 15 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // The API's own traffic is not starved by the editor.
    const saved = await testApp.request('POST', '/api/templates', { apiKey: limited.apiKey, body: small.template });
    const rendered = await testApp.request('POST', '/api/generate', { apiKey: limited.apiKey, body: { templateId: saved.body.id, layers: {} } });
    expect(rendered.status).toBe(200);
    // Another account is not affected.
    expect((await preview(small)).status).toBe(200);
  });
});

describe('POST /api/templates/preview within the render budget (RENDER_TIMEOUT)', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let fixtures: HttpFixtureServer;
  let fixturesUrl: string;

  beforeAll(async () => {
    // An image that never arrives: only the budget can end the preview.
    fixtures = new HttpFixtureServer().route('/hang.png', () => undefined);
    fixturesUrl = await fixtures.start();
    testApp = await startTestApp({ env: { RENDER_TIMEOUT: '1000ms', WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    owner = await createAccount(testApp);
  });
  afterAll(async () => {
    await testApp.close();
    await fixtures.stop();
  });

  it('stops a preview that runs past the budget: 503 render_timeout, and the next preview draws', async () => {
    const hanging = { name: 'photo', type: 'image', x: 0, y: 0, width: 100, height: 100, imageUrl: `${fixturesUrl}/hang.png` };
    const startedAt = Date.now();
    const stopped = await testApp.request('POST', '/api/templates/preview', {
      apiKey: owner.apiKey,
      body: { template: sampleTemplate({ layers: [hanging] }) },
    });
    expect(stopped.status).toBe(503);
    expect(stopped.body.code).toBe('render_timeout');
    expect(Date.now() - startedAt).toBeLessThan(4_000);
    const next = await testApp.request('POST', '/api/templates/preview', {
      apiKey: owner.apiKey,
      body: { template: sampleTemplate({ width: 120, height: 60, layers: [] }) },
    });
    expect(next.status).toBe(200);
  });
});
