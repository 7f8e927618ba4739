import { createAccount, createTemplate, TestAccount } from './support/factories';
import { startSecondInstance, startTestApp, TestApp } from './support/test-app';

/** §19: PUBLIC_RENDER_PER_MINUTE fresh GET /api/render renders per client address per minute, across instances. */
describe('anonymous render limit', () => {
  let first: TestApp;
  let second: TestApp;
  let instances: TestApp[];
  let owner: TestAccount;
  let templateId: string;
  const env = { PUBLIC_RENDER_PER_MINUTE: '3' };

  beforeAll(async () => {
    first = await startTestApp({ env });
    second = await startSecondInstance(first, { env });
    // The count is shared through Redis; without it each instance counts alone (one instance then).
    instances = first.config.redisUrl ? [first, second] : [first];
    owner = await createAccount(first, { plan: 'pro' });
    templateId = await createTemplate(first, owner.apiKey);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const publicRender = (instance: TestApp, text: string, headers: Record<string, string> = {}) =>
    instance.request('GET', `/api/render?templateId=${templateId}&layers[title][text]=${encodeURIComponent(text)}`, { headers });
  const used = async () => (await first.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used;
  const advance = (ms: number) => [first, second].forEach((instance) => instance.clock.advance(ms));

  it('refuses the fresh render past the limit with 429 rate_limited and Retry-After, charges nobody, and never limits cached answers', async () => {
    const usedBefore = await used();
    for (let index = 0; index < 3; index++) {
      const answer = await publicRender(instances[index % instances.length], `Anonymous ${index}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-cache')).toBe('MISS');
    }
    const refused = await publicRender(instances[instances.length - 1], 'Anonymous 3');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'rate_limited', limit: 3 });
    expect(refused.body.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.body.retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfter));
    expect(await used()).toBe(usedBefore + 3);

    // Cached answers are not fresh renders: never limited.
    for (const instance of instances) {
      const cached = await publicRender(instance, 'Anonymous 0');
      expect(cached.status).toBe(200);
      expect(cached.headers.get('x-cache')).toBe('HIT');
    }
    // Authenticated rendering has its own (account) limits.
    expect(
      (await first.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: { title: { text: 'With a key' } } } })).status,
    ).toBe(200);
    // X-Forwarded-For is ignored without TRUST_PROXY: no way around the limit by inventing addresses.
    expect((await publicRender(first, 'Anonymous 4', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    expect(await used()).toBe(usedBefore + 4);

    advance(61_000);
    expect((await publicRender(instances[0], 'Anonymous 3')).status).toBe(200);
  });

  it('gives the slot back when the render is not counted after all (the owner is over their own limit)', async () => {
    advance(61_000);
    const broke = await createAccount(first, { plan: 'free' });
    const brokeTemplate = await createTemplate(first, broke.apiKey);
    await first.request('POST', '/api/generate', { apiKey: broke.apiKey, body: { templateId: brokeTemplate, layers: {} } });
    // Free plan: 15 per minute; use them up with keyed renders.
    for (let index = 0; index < 14; index++)
      await first.request('POST', '/api/generate', { apiKey: broke.apiKey, body: { templateId: brokeTemplate, layers: { title: { text: `Use ${index}` } } } });
    for (let index = 0; index < 4; index++) {
      const refused = await first.request('GET', `/api/render?templateId=${brokeTemplate}&layers[title][text]=Owner%20limited%20${index}`);
      expect(refused.status).toBe(429);
      expect(refused.body.limit).toBe(15);
    }
    // The anonymous allowance (3) is untouched by those refusals.
    for (let index = 0; index < 3; index++) expect((await publicRender(first, `After owner limit ${index}`)).status).toBe(200);
  });
});

describe('anonymous render limit behind a trusted proxy', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { PUBLIC_RENDER_PER_MINUTE: '1', TRUST_PROXY: '127.0.0.1' } });
  });

  afterAll(() => testApp?.close());

  it('counts per X-Forwarded-For client when TRUST_PROXY names the proxy', async () => {
    const owner = await createAccount(testApp, { plan: 'pro' });
    const templateId = await createTemplate(testApp, owner.apiKey);
    const render = (text: string, client: string) =>
      testApp.request('GET', `/api/render?templateId=${templateId}&layers[title][text]=${text}`, { headers: { 'x-forwarded-for': client } });
    expect((await render('a', '198.51.100.1')).status).toBe(200);
    expect((await render('b', '198.51.100.1')).status).toBe(429);
    expect((await render('b', '198.51.100.2')).status).toBe(200);
  });
});
