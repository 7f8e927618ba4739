import { RenderService } from '../src/render/render.service';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { startTestApp, TestApp } from './support/test-app';

describe('Idempotency-Key (§22) on POST /api/generate, the batch, the hook render and POST /api/jobs', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;
  let text = 0;
  let receiver: HttpFixtureServer;
  let receiverUrl: string;

  beforeAll(async () => {
    receiver = new HttpFixtureServer().route('/hook', (_request, response) => response.writeHead(204).end());
    receiverUrl = await receiver.start();
    testApp = await startTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    owner = await createAccount(testApp, { plan: 'pro' });
    templateId = await createTemplate(testApp, owner.apiKey);
  });

  afterAll(async () => {
    await testApp?.close();
    await receiver?.stop();
  });

  const generate = (key: string | null, body: object, account = owner) =>
    testApp.request('POST', '/api/generate', { apiKey: account.apiKey, body, headers: key === null ? {} : { 'idempotency-key': key } });
  const fresh = () => ({ templateId, layers: { title: { text: `idempotent ${++text}` } } });
  const used = async (account = owner) => (await testApp.request('GET', '/api/usage', { apiKey: account.apiKey })).body.quota.used as number;

  it('answers the first answer again, byte for byte, with Idempotent-Replayed, and counts nothing more', async () => {
    const body = fresh();
    const before = await used();
    const first = await generate('order-1', body);
    expect(first.status).toBe(200);
    expect(first.body.cached).toBe(false);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await generate('order-1', body);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    // `cached: false` and the same generationTimeMs: the first answer itself, not a new (cached) render.
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(await used()).toBe(before + 1);
    // Without the key the same body is an ordinary cache hit.
    expect((await generate(null, body)).body.cached).toBe(true);
  });

  it('refuses the key with another request (422), and keeps keys per account', async () => {
    await generate('order-2', fresh());
    const before = await used();
    const reused = await generate('order-2', fresh());
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ statusCode: 422, code: 'idempotency_key_reused' });
    expect(await used()).toBe(before);
    const other = await createAccount(testApp, { plan: 'pro' });
    const otherTemplate = await createTemplate(testApp, other.apiKey);
    const theirs = await generate('order-2', { templateId: otherTemplate, layers: {} }, other);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const renders = testApp.get(RenderService);
    const original = renders.renderOwned.bind(renders);
    let calls = 0;
    const spy = jest.spyOn(renders, 'renderOwned').mockImplementation(async (...args) => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 600));
      return original(...args);
    });
    try {
      const body = fresh();
      const [first, second] = await Promise.all([
        generate('order-3', body),
        new Promise((resolve) => setTimeout(resolve, 150)).then(() => generate('order-3', body)),
      ]);
      expect([first.status, second.status]).toEqual([200, 409]);
      expect(second.body.code).toBe('idempotency_key_in_flight');
    } finally {
      spy.mockRestore();
    }
    // The refused request never reached the render.
    expect(calls).toBe(1);
  });

  it('frees the key when the first request failed, so a retry runs for real', async () => {
    const missing = { templateId: 'tpl_missing0000000000000', layers: {} };
    expect((await generate('order-4', missing)).status).toBe(404);
    const retried = await generate('order-4', missing);
    expect(retried.status).toBe(404);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const afterFix = await generate('order-4', fresh());
    expect(afterFix.status).toBe(200);
    expect(afterFix.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keeps a key 24 hours', async () => {
    const body = fresh();
    await generate('order-5', body);
    testApp.clock.advance(23 * 3600_000);
    expect((await generate('order-5', body)).headers.get('idempotent-replayed')).toBe('true');
    testApp.clock.advance(3600_000 + 1000);
    const later = await generate('order-5', body);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a key that is not 1–255 printable ASCII characters', async () => {
    for (const key of ['', 'x'.repeat(256), 'clé', 'tab\there']) {
      const response = await generate(key, fresh());
      expect({ key, status: response.status, code: response.body.code }).toEqual({ key, status: 400, code: 'validation_failed' });
    }
  });

  it('creates one job for a repeated POST /api/jobs, replaying its 202, body and Location', async () => {
    const account = await createAccount(testApp, { plan: 'pro' });
    const ownTemplate = await createTemplate(testApp, account.apiKey);
    const body = { templateId: ownTemplate, rows: [{ title: { text: 'once' } }] };
    const post = () => testApp.request('POST', '/api/jobs', { apiKey: account.apiKey, body, headers: { 'idempotency-key': 'import-2026-11-25' } });
    const first = await post();
    const again = await post();
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect((await testApp.request('GET', '/api/jobs', { apiKey: account.apiKey })).body.data).toHaveLength(1);
    const other = await testApp.request('POST', '/api/jobs', {
      apiKey: account.apiKey,
      body: { ...body, rows: [{ title: { text: 'twice' } }] },
      headers: { 'idempotency-key': 'import-2026-11-25' },
    });
    expect(other.status).toBe(422);
  });

  it('replays POST /api/generate/batch, POST /api/generate/document and POST /api/hooks/render: rendered and billed once, the webhook delivered once', async () => {
    const post = (path: string, key: string, body: object) =>
      testApp.request('POST', path, { apiKey: owner.apiKey, body, headers: { 'idempotency-key': key } });
    /** Sends `body` twice under `key`: a 200, then the same bytes replayed. */
    const sentTwice = async (path: string, key: string, body: object) => {
      const first = await post(path, key, body);
      expect(first.status).toBe(200);
      const again = await post(path, key, body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.bytes.equals(first.bytes)).toBe(true);
    };
    const before = await used();
    await sentTwice('/api/generate/batch', 'batch-1', { items: [fresh(), fresh()] });
    expect(await used()).toBe(before + 2);
    expect((await post('/api/generate/batch', 'batch-1', { items: [fresh()] })).status).toBe(422);

    // A document bills one unit per page, once.
    await sentTwice('/api/generate/document', 'document-1', { pages: [fresh(), fresh()], format: 'pdf' });
    expect(await used()).toBe(before + 4);
    expect((await post('/api/generate/document', 'document-1', { pages: [fresh()], format: 'pdf' })).status).toBe(422);

    // Deliveries are signed: the account needs its webhook secret first.
    expect((await testApp.request('POST', '/api/settings/webhook-secret', { apiKey: owner.apiKey })).status).toBe(200);
    const hook = { ...fresh(), webhookUrl: `${receiverUrl}/hook` };
    await sentTwice('/api/hooks/render', 'hook-1', hook);
    expect(await used()).toBe(before + 5);
    const delivered = () => receiver.requests.filter((request) => request.url === '/hook').length;
    for (let waited = 0; delivered() === 0 && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    // Time enough for a second delivery, had the replay sent one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(delivered()).toBe(1);
    expect((await post('/api/hooks/render', 'hook-1', { ...hook, layers: { title: { text: 'another' } } })).status).toBe(422);
  });
});
