import { AccountsService } from '../src/accounts/accounts.service';
import { createAccount, createTemplate } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { metricValue } from './support/prometheus';
import { startTestApp, TestApp } from './support/test-app';

describe('metrics and request ids', () => {
  let testApp: TestApp;
  let receiver: HttpFixtureServer;
  let receiverUrl: string;

  beforeAll(async () => {
    receiver = new HttpFixtureServer().route('/hook', (_request, response) => response.writeHead(200).end());
    receiverUrl = await receiver.start();
    testApp = await startTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
  });

  afterAll(async () => {
    await testApp?.close();
    await receiver?.stop();
  });

  const scrape = async () => {
    const response = await testApp.request('GET', '/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text;
  };

  it('exposes Prometheus text whose counters move with renders, cache hits, 429s and webhooks', async () => {
    const owner = await createAccount(testApp, { plan: 'free' });
    await testApp.get(AccountsService).setLimits(owner.account.id, { perMinute: 2 });
    const templateId = await createTemplate(testApp, owner.apiKey);
    await testApp.request('POST', '/api/settings/webhook-secret', { apiKey: owner.apiKey });
    const before = await scrape();
    expect(before).toContain('# TYPE pictor_http_request_duration_seconds histogram');
    expect(before).toContain('pictor_process_cpu_seconds_total');

    const body = (text: string) => ({ templateId, layers: { title: { text } } });
    await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: body('metrics one') });
    await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: body('metrics one') });
    await testApp.request('POST', '/api/hooks/render', { apiKey: owner.apiKey, body: { ...body('metrics two'), webhookUrl: `${receiverUrl}/hook` } });
    const limited = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: body('metrics three') });
    expect(limited.status).toBe(429);
    const started = Date.now();
    let after = await scrape();
    while (
      metricValue(after, 'pictor_webhook_deliveries_total', { outcome: 'succeeded' }) ===
        metricValue(before, 'pictor_webhook_deliveries_total', { outcome: 'succeeded' }) &&
      Date.now() - started < 5000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await scrape();
    }

    const delta = (name: string, labels: Record<string, string> = {}) => metricValue(after, name, labels) - metricValue(before, name, labels);
    expect(delta('pictor_renders_total', { format: 'png', outcome: 'success' })).toBe(2);
    expect(delta('pictor_render_duration_seconds_count', { format: 'png' })).toBe(2);
    expect(delta('pictor_render_cache_total', { result: 'miss' })).toBe(2);
    expect(delta('pictor_render_cache_total', { result: 'hit' })).toBe(1);
    expect(delta('pictor_rate_limited_total', { reason: 'rate_limited' })).toBe(1);
    expect(delta('pictor_webhook_deliveries_total', { outcome: 'succeeded' })).toBe(1);
    expect(delta('pictor_webhook_delivery_duration_seconds_count', { outcome: 'succeeded' })).toBe(1);
    expect(delta('pictor_http_requests_total', { method: 'POST', route: '/api/generate', status: '200' })).toBe(2);
    expect(delta('pictor_http_requests_total', { method: 'POST', route: '/api/generate', status: '429' })).toBe(1);
    expect(after).toContain('pictor_render_queue_length');
  });

  it('labels by route pattern, never by raw URL', async () => {
    await testApp.request('GET', '/api/images/generated/abc123-unique-path.png');
    await testApp.request('GET', '/some/unknown/path-xyz');
    const text = await scrape();
    expect(text).not.toContain('abc123-unique-path');
    expect(text).not.toContain('path-xyz');
    expect(metricValue(text, 'pictor_http_requests_total', { route: '/api/images/generated/:file', status: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('echoes a given X-Request-Id and generates one otherwise', async () => {
    const given = await testApp.request('GET', '/health/live', { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-abc.123');
    const generated = await testApp.request('GET', '/health/live');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await testApp.request('GET', '/health/live', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(unsafe.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('reports the render pool (and Redis when configured) in readiness', async () => {
    const ready = await testApp.request('GET', '/health/ready');
    expect(ready.body.info).toHaveProperty('renderer.status', 'up');
    if (process.env.REDIS_URL) expect(ready.body.info).toHaveProperty('redis.status', 'up');
    else expect(ready.body.info).not.toHaveProperty('redis');
  });
});
