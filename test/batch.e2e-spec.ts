import { AccountsService } from '../src/accounts/accounts.service';
import { RendererService } from '../src/render/renderer/renderer.service';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { metricValue } from './support/prometheus';
import { startTestApp, TestApp } from './support/test-app';

describe('POST /api/generate/batch (§16)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
    // Each render thread loads its fonts before its first job; on a busy machine that can approach RENDER_TIMEOUT.
    await Promise.all(Array.from({ length: testApp.config.renderThreads }, () => testApp.get(RendererService).probe()));
  }, 90_000);

  afterAll(async () => {
    await testApp?.close();
  });

  async function owner(limits: { perMinute?: number; monthly?: number } = {}): Promise<TestAccount & { templateId: string }> {
    const account = await createAccount(testApp, { plan: 'pro' });
    if (Object.keys(limits).length > 0) await testApp.get(AccountsService).setLimits(account.account.id, limits);
    return { ...account, templateId: await createTemplate(testApp, account.apiKey) };
  }
  const batch = (apiKey: string, body: unknown) => testApp.request('POST', '/api/generate/batch', { apiKey, body });
  const used = async (apiKey: string) => (await testApp.request('GET', '/api/usage', { apiKey })).body.quota.used;

  it('answers each item in order, as if sent alone one after another: 400, 429 and 404 in place; a cached item after a 429 succeeds', async () => {
    const caller = await owner({ perMinute: 3 });
    const item = (text: string, extra: Record<string, unknown> = {}) => ({ templateId: caller.templateId, layers: { title: { text } }, ...extra });
    const response = await batch(caller.apiKey, {
      items: [
        item('first'),
        item('has a webhook', { webhookUrl: 'https://example.com/hook' }),
        item('second', { format: 'jpeg' }),
        item('third', { format: 'avif' }),
        item('fourth: over the minute limit'),
        item('first'),
        { templateId: 'tpl_doesNotExist000000', layers: {} },
        item('bad quality', { quality: 0 }),
      ],
    });
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data).toHaveLength(8);
    expect(data[0]).toEqual({ success: true, imageUrl: expect.stringMatching(/\.png$/), cached: false, generationTimeMs: expect.any(Number) });
    expect(data[1]).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'validation_failed', message: expect.stringContaining('webhookUrl') });
    expect(data[2]).toMatchObject({ success: true, cached: false, imageUrl: expect.stringMatching(/\.jpg$/) });
    expect(data[3]).toMatchObject({ success: true, cached: false, imageUrl: expect.stringMatching(/\.avif$/) });
    expect(data[4]).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'rate_limited', limit: 3, retryAfter: expect.any(Number) });
    // Identical to item 0: not drawn again, not counted, even after the 429.
    expect(data[5]).toMatchObject({ success: true, cached: true, imageUrl: data[0].imageUrl });
    expect(data[6]).toMatchObject({ statusCode: 404, code: 'template_not_found' });
    expect(data[7]).toMatchObject({ statusCode: 400, code: 'validation_failed', message: expect.stringContaining('quality') });
    // The last counted item's rate-limit fields.
    expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await used(caller.apiKey)).toBe(3);

    // Every image is really there.
    for (const index of [0, 2, 3]) {
      const image = await testApp.request('GET', new URL(data[index].imageUrl).pathname);
      expect(image.status).toBe(200);
    }
  });

  it('stops at the monthly quota in order, and counts identical items once', async () => {
    const caller = await owner({ monthly: 2 });
    const item = (text: string) => ({ templateId: caller.templateId, layers: { title: { text } } });
    const response = await batch(caller.apiKey, { items: [item('a'), item('a'), item('b'), item('c'), item('b')] });
    expect(response.body.data.map((entry: { cached?: boolean; code?: string }) => entry.code ?? entry.cached)).toEqual([false, true, false, 'quota_exceeded', true]);
    expect(await used(caller.apiKey)).toBe(2);
    // A single request afterwards sees the same state.
    const alone = await testApp.request('POST', '/api/generate', { apiKey: caller.apiKey, body: item('c') });
    expect(alone.body.code).toBe('quota_exceeded');
  });

  it('refuses the whole request when the body is not {"items":[1–25 objects]}, counting nothing', async () => {
    const caller = await owner();
    const item = { templateId: caller.templateId, layers: {} };
    const bodies: unknown[] = [
      [item],
      {},
      { items: [] },
      { items: Array.from({ length: 26 }, () => item) },
      { items: [item, 1] },
      { items: [item, 'x'] },
      { items: [item, null] },
      { items: [item, [item]] },
      { items: item },
      { items: [item], extra: true },
    ];
    for (const body of bodies) {
      const response = await batch(caller.apiKey, body);
      expect({ body, status: response.status, code: response.body.code }).toEqual({ body, status: 400, code: 'validation_failed' });
    }
    const notJson = await testApp.request('POST', '/api/generate/batch', { apiKey: caller.apiKey, rawBody: 'items=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(notJson.status).toBe(415);
    const anonymous = await testApp.request('POST', '/api/generate/batch', { body: { items: [item] } });
    expect(anonymous.status).toBe(401);
    expect(await used(caller.apiKey)).toBe(0);
  });

  it('accepts 25 items and records cache hits and misses per item (one metrics interceptor)', async () => {
    const caller = await owner();
    const before = (await testApp.request('GET', '/metrics')).text;
    const items = Array.from({ length: 25 }, (_, index) => ({ templateId: caller.templateId, layers: { title: { text: `card ${index % 5}` } } }));
    const response = await batch(caller.apiKey, { items });
    expect(response.status).toBe(200);
    expect(response.body.data.filter((entry: { cached: boolean }) => !entry.cached)).toHaveLength(5);
    expect(await used(caller.apiKey)).toBe(5);
    const after = (await testApp.request('GET', '/metrics')).text;
    const delta = (name: string, labels: Record<string, string>) => metricValue(after, name, labels) - metricValue(before, name, labels);
    expect(delta('pictor_render_cache_total', { result: 'miss' })).toBe(5);
    expect(delta('pictor_render_cache_total', { result: 'hit' })).toBe(20);
    expect(delta('pictor_renders_total', { format: 'png', outcome: 'success' })).toBe(5);
    expect(delta('pictor_render_duration_seconds_count', { format: 'png' })).toBe(5);
  });
});
