import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

describe('GET /api/render', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;
  let text = 0;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp, { plan: 'free' });
    templateId = await createTemplate(testApp, owner.apiKey);
  });

  afterAll(() => testApp?.close());

  const used = async (account = owner) => (await testApp.request('GET', '/api/usage', { apiKey: account.apiKey })).body.quota.used;
  const get = (query: string, headers: Record<string, string> = {}) => testApp.request('GET', `/api/render?${query}`, { headers });

  it('answers image bytes, MISS then HIT, billing the owner exactly once whoever calls', async () => {
    const stranger = await createAccount(testApp);
    const query = `templateId=${templateId}&layers[title][text]=${encodeURIComponent('Héllo public')}&width=600`;
    const before = await used();
    const miss = await get(query);
    expect(miss.status).toBe(200);
    expect(miss.headers.get('content-type')).toBe('image/png');
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expect(miss.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(miss.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(miss.headers.get('x-ratelimit-limit')).toBe('15');
    expect(await sharp(miss.bytes).metadata()).toMatchObject({ format: 'png', width: 600, height: 315 });
    const hit = await get(query, { authorization: `Bearer ${stranger.apiKey}` });
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('x-ratelimit-limit')).toBeNull();
    expect(hit.bytes.equals(miss.bytes)).toBe(true);
    expect(await used()).toBe(before + 1);
    expect(await used(stranger)).toBe(0);

    const notModified = await get(query, { 'if-none-match': miss.headers.get('etag')! });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
  });

  it('shares the cache with POST /api/generate', async () => {
    const posted = await testApp.request('POST', '/api/generate', {
      apiKey: owner.apiKey,
      body: { templateId, layers: { title: { text: 'shared cache' } }, format: 'jpeg', quality: 60 },
    });
    const fetched = await get(`templateId=${templateId}&format=jpeg&quality=60&layers[title][text]=shared%20cache`);
    expect(fetched.headers.get('x-cache')).toBe('HIT');
    expect(fetched.headers.get('etag')).toBe(`"${posted.body.imageUrl.split('/').pop().split('.')[0]}"`);
  });

  it("charges the owner's per-minute limit: the 16th fresh render in a minute is a 429", async () => {
    const fresh = await createAccount(testApp, { plan: 'free' });
    const id = await createTemplate(testApp, fresh.apiKey);
    const responses = await Promise.all(Array.from({ length: 16 }, () => get(`templateId=${id}&layers[title][text]=minute-${++text}`)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(15);
    const refused = responses.find((response) => response.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'rate_limited', limit: 15 });
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfter));
  });

  it.each([
    ['a missing templateId', 'format=png', 400, 'validation_failed'],
    ['format=gif', 'templateId=T&format=gif', 400, 'validation_failed'],
    ['a repeated parameter', 'templateId=T&width=100&width=200', 400, 'validation_failed'],
    ['a non-decimal number', 'templateId=T&width=0x10', 400, 'validation_failed'],
    ['a malformed bracket key', 'templateId=T&layers[title]=x', 400, 'validation_failed'],
    ['too deep a key', 'templateId=T&layers[title][text][x]=y', 400, 'validation_failed'],
    ['an unknown parameter', 'templateId=T&colour=red', 400, 'validation_failed'],
    ['a 5,001-character value', `templateId=T&layers[title][text]=${'x'.repeat(5001)}`, 400, 'validation_failed'],
    ['a query over 8 KB', `templateId=T&layers[title][text]=${'x'.repeat(9000)}`, 414, 'uri_too_long'],
    ['hidden=yes', 'templateId=T&layers[title][hidden]=yes', 400, 'validation_failed'],
    ['an unknown template', 'templateId=tpl_nothing', 404, 'template_not_found'],
  ])('refuses %s without counting', async (_label, query, status, code) => {
    const before = await used();
    const response = await get(query.replace('templateId=T', `templateId=${templateId}`));
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ statusCode: status, code });
    expect(await used()).toBe(before);
  });

  it('answers 404 for a template whose publicRender is false, like a missing one', async () => {
    const hidden = await createTemplate(testApp, owner.apiKey, { publicRender: false });
    const response = await get(`templateId=${hidden}`);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('template_not_found');
  });

  describe('signed mode', () => {
    let signedId: string;
    let secret: string;
    const sign = (query: string, key = secret) => `${query}&s=${createHmac('sha256', key).update(query).digest('hex')}`;

    beforeAll(async () => {
      signedId = await createTemplate(testApp, owner.apiKey, { publicRender: 'signed' });
      const response = await testApp.request('POST', '/api/settings/url-signing-secret', { apiKey: owner.apiKey });
      expect(response.body).toEqual({ success: true, urlSigningSecret: expect.stringMatching(/^ussec_/) });
      secret = response.body.urlSigningSecret;
    });

    it('accepts a correct signature, with or without expires', async () => {
      expect((await get(sign(`templateId=${signedId}&layers[title][text]=signed`))).status).toBe(200);
      const expires = Math.floor(testApp.clock.nowMs() / 1000) + 3600;
      expect((await get(sign(`templateId=${signedId}&expires=${expires}&layers[title][text]=signed2`))).status).toBe(200);
    });

    it.each([
      ['a missing signature', (id: string) => `templateId=${id}&layers[title][text]=x`],
      ['a wrong signature', (id: string) => `templateId=${id}&layers[title][text]=x&s=${'0'.repeat(64)}`],
      ['a tampered parameter', (id: string) => sign(`templateId=${id}&layers[title][text]=x`).replace('text]=x', 'text]=y')],
      ['reordered parameters', (id: string) => sign(`templateId=${id}&width=100&height=100`).replace('width=100&height=100', 'height=100&width=100')],
      ['an expired URL', (id: string) => sign(`templateId=${id}&expires=${Math.floor(Date.now() / 1000) - 10}`)],
      ['another secret', (id: string) => `templateId=${id}&s=${createHmac('sha256', 'ussec_other').update(`templateId=${id}`).digest('hex')}`],
    ])('refuses %s with 403 signature_invalid and counts nothing', async (_label, build) => {
      const before = await used();
      const response = await get(build(signedId));
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('signature_invalid');
      expect(await used()).toBe(before);
    });

    it('builds ready URLs with GET /api/templates/:id/url', async () => {
      const built = await testApp.request('GET', `/api/templates/${signedId}/url?layers[title][text]=${encodeURIComponent('Built & signed')}`, {
        apiKey: owner.apiKey,
      });
      expect(built.body).toEqual({ url: expect.stringMatching(/^http:\/\/pictor\.test\/api\/render\?.*&s=[0-9a-f]{64}$/), signed: true });
      const path = built.body.url.replace('http://pictor.test', '');
      expect((await testApp.request('GET', path)).status).toBe(200);
      const open = await testApp.request('GET', `/api/templates/${templateId}/url?format=webp`, { apiKey: owner.apiKey });
      expect(open.body.signed).toBe(false);
      expect((await testApp.request('GET', open.body.url.replace('http://pictor.test', ''))).headers.get('content-type')).toBe('image/webp');
    });
  });
});
