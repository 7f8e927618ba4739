import { AccountsService } from '../src/accounts/accounts.service';
import { ImageStorage } from '../src/storage/image-storage';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

describe('plans, quotas and per-minute limits', () => {
  let testApp: TestApp;
  let run = 0;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(() => testApp?.close());

  async function accountWithTemplate(plan: 'free' | 'starter' | 'pro') {
    const owner = await createAccount(testApp, { plan });
    const templateId = await createTemplate(testApp, owner.apiKey);
    return { owner, templateId };
  }

  const render = (owner: TestAccount, templateId: string, text: string) =>
    testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: { title: { text } } } });

  const uniqueTexts = (count: number) => Array.from({ length: count }, () => `text ${++run}`);
  const renderAll = (owner: TestAccount, templateId: string, texts: string[]) => Promise.all(texts.map((text) => render(owner, templateId, text)));
  const distinct = (owner: TestAccount, templateId: string, count: number) => renderAll(owner, templateId, uniqueTexts(count));

  it('lets exactly 15 of 25 concurrent fresh renders through on free, and still serves cached ones while blocked', async () => {
    const { owner, templateId } = await accountWithTemplate('free');
    const texts = uniqueTexts(25);
    const responses = await renderAll(owner, templateId, texts);
    const ok = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect(ok).toHaveLength(15);
    expect(refused).toHaveLength(10);
    for (const response of refused) {
      expect(response.body).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.any(String),
        code: 'rate_limited',
        limit: 15,
        retryAfter: expect.any(Number),
      });
      expect(response.body.retryAfter).toBeGreaterThanOrEqual(1);
      expect(response.body.retryAfter).toBeLessThanOrEqual(60);
      expect(response.headers.get('retry-after')).toBe(String(response.body.retryAfter));
      expect(response.headers.get('ratelimit')).toBeNull();
    }
    for (const response of ok) {
      expect(response.headers.get('x-ratelimit-limit')).toBe('15');
      expect(response.headers.get('ratelimit-policy')).toMatch(/^"minute";q=15;w=60, "month";q=50;w=\d+$/);
      expect(response.headers.get('ratelimit')).toMatch(/^"minute";r=\d+;t=\d+$/);
    }
    expect(new Set(ok.map((response) => response.headers.get('x-ratelimit-remaining')))).toEqual(
      new Set(Array.from({ length: 15 }, (_, index) => String(index))),
    );

    // Still blocked for fresh renders, but a repeat of a succeeded render is a cached 200 without limit headers.
    const blocked = await render(owner, templateId, 'one more fresh one');
    expect(blocked.status).toBe(429);
    expect((await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used).toBe(15);
    const repeats = await renderAll(owner, templateId, texts);
    const cached = repeats.filter((response) => response.status === 200);
    expect(cached.length).toBe(15);
    for (const response of cached) {
      expect(response.body.cached).toBe(true);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect(new Set(cached.map((response) => response.body.imageUrl))).toEqual(new Set(ok.map((response) => response.body.imageUrl)));

    // A minute later slots are free again.
    testApp.clock.advance(61_000);
    expect((await render(owner, templateId, 'after a minute')).status).toBe(200);
  });

  it('lets exactly 60 of 90 concurrent fresh renders through on starter', async () => {
    const { owner, templateId } = await accountWithTemplate('starter');
    const responses = await distinct(owner, templateId, 90);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(60);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(30);
  });

  it('stops at the monthly quota, answers until the period ends, and starts the next period at zero', async () => {
    const { owner, templateId } = await accountWithTemplate('free');
    for (let minute = 0; minute < 4; minute++) {
      const batch = await distinct(owner, templateId, minute < 3 ? 15 : 5);
      expect(batch.every((response) => response.status === 200)).toBe(true);
      testApp.clock.advance(61_000);
    }
    const over = await render(owner, templateId, 'the 51st');
    expect(over.status).toBe(429);
    const usage = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
    const secondsToEnd = Math.ceil((Date.parse(usage.period.end) - testApp.clock.nowMs()) / 1000);
    expect(over.body).toMatchObject({ code: 'quota_exceeded', limit: 50, used: 50, remaining: 0 });
    expect(Math.abs(over.body.retryAfter - secondsToEnd)).toBeLessThanOrEqual(1);
    expect(over.headers.get('retry-after')).toBe(String(over.body.retryAfter));
    expect(usage.quota).toEqual({ limit: 50, used: 50, remaining: 0 });

    testApp.clock.set(new Date(Date.parse(usage.period.end) + 1_000));
    expect((await render(owner, templateId, 'next period')).status).toBe(200);
    const next = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
    expect(next.quota.used).toBe(1);
    expect(next.period.start).toBe(usage.period.end);
  });

  it('gives the monthly answer when both limits are exceeded', async () => {
    const { owner, templateId } = await accountWithTemplate('free');
    await testApp.get(AccountsService).setLimits(owner.account.id, { monthly: 3 });
    const responses = await distinct(owner, templateId, 20);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    expect(new Set(responses.filter((response) => response.status === 429).map((response) => response.body.code))).toEqual(new Set(['quota_exceeded']));
  });

  it('refunds the unit of a render that failed', async () => {
    const { owner, templateId } = await accountWithTemplate('free');
    const storage = testApp.get<ImageStorage>(ImageStorage as never);
    // The event loop's put (not the render thread's own write) is what fails here.
    const local = jest.spyOn(storage, 'localWrite').mockReturnValueOnce(null);
    const spy = jest.spyOn(storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    const failed = await render(owner, templateId, 'will fail');
    spy.mockRestore();
    local.mockRestore();
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe('render_failed');
    const usage = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
    expect(usage.quota.used).toBe(0);
    expect(usage.rateLimit.remaining).toBe(15);
  });

  it('applies negotiated limits and reports usage', async () => {
    const { owner, templateId } = await accountWithTemplate('free');
    await testApp.get(AccountsService).setLimits(owner.account.id, { perMinute: 2, monthly: 1000 });
    const responses = await distinct(owner, templateId, 4);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(2);
    const usage = await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey });
    expect(usage.body).toEqual({
      plan: 'free',
      period: { start: owner.account.createdAt.toISOString(), end: expect.any(String) },
      quota: { limit: 1000, used: 2, remaining: 998 },
      rateLimit: { limit: 2, remaining: 0, resetSeconds: expect.any(Number) },
    });
  });

  it('never counts refused requests', async () => {
    const { owner, templateId } = await accountWithTemplate('free');
    await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: null } });
    await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId: 'tpl_missing', layers: {} } });
    await testApp.request('POST', '/api/generate', { rawBody: 'x'.repeat(2_000_000), apiKey: owner.apiKey, headers: { 'content-type': 'application/json' } });
    const usage = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
    expect(usage.quota.used).toBe(0);
    expect(usage.rateLimit.remaining).toBe(15);
  });
});

// Needs a shared database server and Redis, so it is registered only when both are configured
// (.ci/run's second pass sets DATABASE_URL=mysql://… and REDIS_URL).
const sharedServices = process.env.DATABASE_URL?.startsWith('mysql://') && process.env.REDIS_URL;

if (sharedServices)
  describe('limits across two instances sharing MariaDB and Redis', () => {
    it('lets exactly 15 of 25 concurrent requests split across both instances through on free', async () => {
      const first = await startTestApp();
      const database = first.config.database;
      const second = await startTestApp({
        shared: { dataDir: first.config.dataDir, databaseUrl: database.type === 'mysql' ? database.url : '', redisPrefix: first.config.redisPrefix },
      });
      try {
        const owner = await createAccount(first, { plan: 'free' });
        const templateId = await createTemplate(first, owner.apiKey);
        const responses = await Promise.all(
          Array.from({ length: 25 }, (_, index) =>
            (index % 2 ? second : first).request('POST', '/api/generate', {
              apiKey: owner.apiKey,
              body: { templateId, layers: { title: { text: `two instances ${index}` } } },
            }),
          ),
        );
        expect(responses.filter((response) => response.status === 200)).toHaveLength(15);
        expect(responses.filter((response) => response.status === 429)).toHaveLength(10);
      } finally {
        await second.close();
        await first.close();
      }
    });
  });
