import { createAccount, createTemplate, TestAccount } from './support/factories';
import { metricValue } from './support/prometheus';
import { startTestApp, TestApp } from './support/test-app';

/**
 * §20 "every render has a budget": the finding 1 (one text-heavy render held a worker for
 * minutes after its client left) in bounded form. RENDER_TIMEOUT is short here so the suite takes seconds.
 */
describe('hostile input: the render budget (RENDER_TIMEOUT)', () => {
  const BUDGET_MS = 1_500;
  let testApp: TestApp;
  let owner: TestAccount;
  let heavyTemplateId: string;
  let lightTemplateId: string;

  // 50 auto-fit text layers of 5,000 distinct ideographs in a narrow, tall box: laying them out is fast
  // (linear, under a second), but each layer then draws hundreds of lines that no cache can share,
  // far beyond the budget, so the timeout is what ends the render.
  const ideographs = (offset: number) => Array.from({ length: 5000 }, (_, index) => String.fromCodePoint(0x4e00 + ((offset + index * 7919) % 20000))).join('');
  const heavyLayers = Array.from({ length: 50 }, (_, index) => ({
    name: `t${index}`,
    type: 'text',
    x: 0,
    y: 0,
    width: 100,
    height: 8192,
    text: ideographs(index),
    fontSize: 1000,
    minFontSize: 1,
    autoFit: true,
  }));

  beforeAll(async () => {
    testApp = await startTestApp({ env: { RENDER_TIMEOUT: `${BUDGET_MS}ms`, RENDER_THREADS: '2' } });
    owner = await createAccount(testApp, { plan: 'pro' });
    heavyTemplateId = await createTemplate(testApp, owner.apiKey, { width: 2048, height: 2048, layers: heavyLayers });
    lightTemplateId = await createTemplate(testApp, owner.apiKey);
    // Warm the pool: a worker's first job waits for its fonts, which on a busy machine can approach the budget.
    expect((await renderLight('warm-up')).status).toBe(200);
  });

  let lightRun = 0;
  /** A small render; retried a few times because a freshly started worker loads its fonts first. */
  async function renderLight(text: string) {
    const attempt = () =>
      testApp.request('POST', '/api/generate', {
        apiKey: owner.apiKey,
        body: { templateId: lightTemplateId, layers: { title: { text: `${text} ${++lightRun}` } } },
      });
    let answer = await attempt();
    for (let attempts = 1; attempts < 6 && answer.status === 503; attempts++) answer = await attempt();
    return answer;
  }

  afterAll(() => testApp?.close());

  const timeouts = async () => metricValue((await testApp.request('GET', '/metrics')).text, 'pictor_renders_total', { format: 'png', outcome: 'timeout' });

  it('stops an overrunning render at the budget: 503 render_timeout, unit and minute slot given back, workers freed', async () => {
    const before = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
    const timeoutsBefore = await timeouts();
    const startedAt = Date.now();
    // As many heavy renders as there are render threads: if the drawings kept running, no thread would be left.
    const answers = await Promise.all(
      ['a', 'b'].map((variant) =>
        testApp.request('POST', '/api/generate', {
          apiKey: owner.apiKey,
          body: { templateId: heavyTemplateId, layers: { t0: { text: variant.repeat(5000) } } },
        }),
      ),
    );
    const elapsedMs = Date.now() - startedAt;
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: expect.stringContaining(`${BUDGET_MS} ms`),
        code: 'render_timeout',
      });
    }
    expect(elapsedMs).toBeLessThan(BUDGET_MS + 3_000);
    // Each stopped drawing is in the metrics by its outcome.
    expect((await timeouts()) - timeoutsBefore).toBe(2);

    const after = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
    expect(after.quota.used).toBe(before.quota.used);
    expect(after.rateLimit.remaining).toBe(before.rateLimit.remaining);

    // The two stopped workers were terminated and replaced: an ordinary render completes again within
    // seconds (were they still laying out, every thread would stay busy for minutes).
    const light = await renderLight('after the storm');
    expect(light.status).toBe(200);
    expect(light.body.cached).toBe(false);
    const final = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
    expect(final.quota.used).toBe(before.quota.used + 1);
  });

  it('answers 503 render_timeout on GET /api/render too, and counts nothing', async () => {
    const before = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
    const timeoutsBefore = await timeouts();
    const answer = await testApp.request('GET', `/api/render?templateId=${heavyTemplateId}&layers[t1][text]=public`);
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('render_timeout');
    expect((await timeouts()) - timeoutsBefore).toBe(1);
    const after = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
    expect(after.quota.used).toBe(before.quota.used);
  });
});
