import { createHmac, timingSafeEqual } from 'node:crypto';
import { Account } from '../src/accounts/entities/account.entity';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HostResolver } from '../src/network/host-resolver';
import { WEBHOOK_DELIVERY_REQUESTED } from '../src/webhooks/pending-delivery';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { startTestApp, TestApp } from './support/test-app';

/** An independent verifier, written from the spec alone (not the project's helper). */
function verifiesWith(secret: string, header: string | undefined, body: Buffer): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2)));
  const expected = Buffer.from(createHmac('sha256', secret).update(`${parts.t}.`).update(body).digest('hex'));
  const given = Buffer.from(parts.v1 ?? '');
  return /^\d+$/.test(parts.t ?? '') && given.length === expected.length && timingSafeEqual(given, expected);
}

const until = async (condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('webhook delivery', () => {
  let testApp: TestApp;
  let receiver: HttpFixtureServer;
  let receiverUrl: string;
  let owner: TestAccount;
  let templateId: string;
  let secret: string;
  let text = 0;

  beforeAll(async () => {
    receiver = new HttpFixtureServer()
      .route('/ok', (_request, response) => response.writeHead(204).end())
      .route('/error', (_request, response) => response.writeHead(500).end('boom'))
      .route('/redirect', (_request, response) => response.writeHead(302, { location: '/ok' }).end())
      .route('/slow', (_request, response) => {
        setTimeout(() => response.writeHead(200).end(), 12_000).unref();
      });
    receiverUrl = await receiver.start();
    const resolver = new (class extends HostResolver {
      override async resolve(hostname: string) {
        if (hostname === 'sneaky.example') return [{ address: '10.0.0.7', family: 4 as const }];
        return super.resolve(hostname);
      }
    })();
    testApp = await startTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' }, overrides: [{ provide: HostResolver, useValue: resolver }] });
    owner = await createAccount(testApp, { plan: 'pro' });
    templateId = await createTemplate(testApp, owner.apiKey);
    secret = (await testApp.request('POST', '/api/settings/webhook-secret', { apiKey: owner.apiKey })).body.webhookSecret;
  });

  afterAll(async () => {
    await testApp?.close();
    await receiver?.stop();
  });

  const hook = (webhookUrl: unknown, account = owner, layers: object = { title: { text: `hook ${++text}` } }) =>
    testApp.request('POST', '/api/hooks/render', { apiKey: account.apiKey, body: { templateId, layers, webhookUrl } });
  const requestsTo = (path: string) => receiver.requests.filter((request) => request.url === path);
  const deliveries = async () => (await testApp.request('GET', '/api/webhooks/deliveries', { apiKey: owner.apiKey })).body.data;

  it('creates a whsec_ secret, rotates it on every call, and stores it only encrypted', async () => {
    const first = await testApp.request('POST', '/api/settings/webhook-secret', { apiKey: owner.apiKey });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, webhookSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    const second = await testApp.request('POST', '/api/settings/webhook-secret', { apiKey: owner.apiKey });
    expect(second.body.webhookSecret).not.toBe(first.body.webhookSecret);
    const stored = await testApp.dataSource.getRepository(Account).findOneByOrFail({ id: owner.account.id });
    expect(stored.webhookSecretEncrypted).not.toContain(second.body.webhookSecret.slice(6));
    secret = second.body.webhookSecret;
  });

  it('delivers exactly once, after the answer, with the answer bytes and a verifiable signature', async () => {
    // Order of events inside the server: the answer finishing, then the delivery being requested.
    const order: string[] = [];
    const onRequest = (request: IncomingMessage, response: ServerResponse) => {
      if (request.url === '/api/hooks/render') response.once('finish', () => order.push('answer finished'));
    };
    const server = testApp.app.getHttpServer();
    server.prependListener('request', onRequest);
    const events = testApp.get(EventEmitter2);
    const emitEvent = events.emit.bind(events);
    const emit = jest.spyOn(events, 'emit').mockImplementation((event, ...values) => {
      if (event === WEBHOOK_DELIVERY_REQUESTED) order.push('delivery requested');
      return emitEvent(event, ...values);
    });
    const requestedAt = Date.now();
    const response = await hook(`${receiverUrl}/ok`);
    expect(response.status).toBe(200);
    await until(() => requestsTo('/ok').length === 1);
    const receivedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.removeListener('request', onRequest);
    emit.mockRestore();
    expect(order).toEqual(['answer finished', 'delivery requested']);
    const [delivery] = requestsTo('/ok');
    expect(requestsTo('/ok')).toHaveLength(1);
    expect(delivery.method).toBe('POST');
    expect(delivery.body.equals(response.bytes)).toBe(true);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['user-agent']).toBe('Pictor-Webhooks/1.0');
    expect(verifiesWith(secret, delivery.headers['x-service-signature'] as string, delivery.body)).toBe(true);
    const timestamp = Number(/t=(\d+)/.exec(delivery.headers['x-service-signature'] as string)![1]);
    // Signed at send time: within the span from the request to the delivery's arrival (a first render
    // under a loaded test run can take seconds, so a fixed tolerance around the request start is flaky).
    expect(timestamp).toBeGreaterThanOrEqual(Math.floor(requestedAt / 1000));
    expect(timestamp).toBeLessThanOrEqual(Math.ceil(receivedAt / 1000));
    await until(async () => (await deliveries()).length > 0);
    expect((await deliveries())[0]).toEqual({
      id: expect.stringMatching(/^whd_/),
      url: `${receiverUrl}/ok`,
      imageUrl: response.body.imageUrl,
      outcome: 'succeeded',
      responseStatus: 204,
      durationMs: expect.any(Number),
      error: null,
      createdAt: expect.any(String),
    });
  });

  it('signs with the new secret right after a rotation, and the old one no longer verifies', async () => {
    const rotated = (await testApp.request('POST', '/api/settings/webhook-secret', { apiKey: owner.apiKey })).body.webhookSecret;
    const before = requestsTo('/ok').length;
    await hook(`${receiverUrl}/ok`);
    await until(() => requestsTo('/ok').length === before + 1);
    const delivery = requestsTo('/ok')[before];
    expect(verifiesWith(rotated, delivery.headers['x-service-signature'] as string, delivery.body)).toBe(true);
    expect(verifiesWith(secret, delivery.headers['x-service-signature'] as string, delivery.body)).toBe(false);
    secret = rotated;
  });

  it('delivers cached answers too, with cached: true', async () => {
    const layers = { title: { text: 'cached delivery' } };
    await hook(null, owner, layers);
    const before = requestsTo('/ok').length;
    const response = await hook(`${receiverUrl}/ok`, owner, layers);
    expect(response.body.cached).toBe(true);
    await until(() => requestsTo('/ok').length === before + 1);
    expect(JSON.parse(requestsTo('/ok')[before].body.toString()).cached).toBe(true);
  });

  it.each(['/error', '/redirect'])('makes one attempt only when the receiver answers %s', async (path) => {
    await hook(`${receiverUrl}${path}`);
    await until(async () => (await deliveries()).some((delivery: { url: string }) => delivery.url.endsWith(path)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsTo(path)).toHaveLength(1);
    const logged = (await deliveries()).find((delivery: { url: string }) => delivery.url.endsWith(path));
    expect(logged).toMatchObject({ outcome: 'failed', responseStatus: path === '/error' ? 500 : 302 });
  });

  it('answers at once when the receiver is slow, gives up after 10 s, and does not retry', async () => {
    const started = Date.now();
    const response = await hook(`${receiverUrl}/slow`);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    await until(async () => (await deliveries()).some((delivery: { url: string }) => delivery.url.endsWith('/slow')), 20_000);
    const logged = (await deliveries()).find((delivery: { url: string }) => delivery.url.endsWith('/slow'));
    expect(logged).toMatchObject({ outcome: 'failed', responseStatus: null, error: expect.stringMatching(/Timed out/) });
    expect(logged.durationMs).toBeGreaterThanOrEqual(9_900);
    expect(logged.durationMs).toBeLessThan(12_000);
    expect(requestsTo('/slow')).toHaveLength(1);
  }, 30_000);

  it.each([
    ['an empty string', '', 'webhook_url_invalid'],
    ['an ftp URL', 'ftp://example.com/hook', 'webhook_url_invalid'],
    ['a name that does not resolve', 'http://does-not-exist.invalid/hook', 'webhook_url_invalid'],
    ['credentials', 'http://user:pw@example.com/hook', 'webhook_url_forbidden'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data', 'webhook_url_forbidden'],
    ['a name resolving to a private address', 'http://sneaky.example/hook', 'webhook_url_forbidden'],
    ['a non-string', 42, 'validation_failed'],
  ])('refuses %s before rendering or counting', async (_label, webhookUrl, code) => {
    const usageBefore = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used;
    const response = await hook(webhookUrl);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect((await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used).toBe(usageBefore);
  });

  it('refuses a webhookUrl from an account that never generated a secret, and checks the URL first', async () => {
    const other = await createAccount(testApp);
    expect((await hook(`${receiverUrl}/ok`, other)).body.code).toBe('webhook_secret_missing');
    expect((await hook('http://10.0.0.1/', other)).body.code).toBe('webhook_url_forbidden');
    // Without a webhookUrl no secret is needed: the next check is the template (the owner's, so 404 here).
    expect((await hook(null, other)).body.code).toBe('template_not_found');
  });

  it('checks the secret before the template', async () => {
    const other = await createAccount(testApp);
    const response = await testApp.request('POST', '/api/hooks/render', {
      apiKey: other.apiKey,
      body: { templateId: 'tpl_missing', layers: {}, webhookUrl: `${receiverUrl}/ok` },
    });
    expect(response.body.code).toBe('webhook_secret_missing');
  });
});

describe('webhook targets without the allow-list', () => {
  it('refuses a loopback webhookUrl and the receiver never sees a connection', async () => {
    const receiver = new HttpFixtureServer().route('/ok', (_request, response) => response.writeHead(204).end());
    const url = await receiver.start();
    const testApp = await startTestApp();
    try {
      const owner = await createAccount(testApp);
      const templateId = await createTemplate(testApp, owner.apiKey);
      await testApp.request('POST', '/api/settings/webhook-secret', { apiKey: owner.apiKey });
      for (const target of [`${url}/ok`, url.replace('127.0.0.1', 'localhost') + '/ok', url.replace('127.0.0.1', '[::ffff:127.0.0.1]') + '/ok']) {
        const response = await testApp.request('POST', '/api/hooks/render', { apiKey: owner.apiKey, body: { templateId, layers: {}, webhookUrl: target } });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('webhook_url_forbidden');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.connections).toBe(0);
    } finally {
      await testApp.close();
      await receiver.stop();
    }
  });
});
