import { connect } from 'node:net';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

interface RawExchange {
  /** Everything the server wrote before closing. */
  text: string;
  /** Milliseconds from connecting until the server closed the socket (null: still open at the deadline). */
  closedAfterMs: number | null;
}

/** Writes `chunks` on a raw socket and waits for the server to close it (or the deadline). */
function rawExchange(baseUrl: string, chunks: Array<string | Buffer>, deadlineMs: number): Promise<RawExchange> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: null });
    }, deadlineMs);
    socket.on('connect', () => chunks.forEach((chunk) => socket.write(chunk)));
    socket.on('data', (data) => (text += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - startedAt });
    });
  });
}

const jsonOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
const headerOf = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim();

/** §20 "HTTP framing", "authentication comes first" and "bodies": the findings 4 and 7 (HTTP layer). */
describe('hostile input: HTTP framing', () => {
  let testApp: TestApp;
  let owner: TestAccount;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp);
  });

  afterAll(() => testApp?.close());

  describe('slow clients cannot hold sockets', () => {
    // A short request timeout stands in for the 30 s default, so slow clients are closed within seconds here
    // (its own app: on a loaded machine a whole normal request can take more than a second).
    let slowApp: TestApp;
    let slowOwner: TestAccount;

    beforeAll(async () => {
      slowApp = await startTestApp({ env: { HTTP_REQUEST_TIMEOUT: '1s' } });
      slowOwner = await createAccount(slowApp);
    });

    afterAll(() => slowApp?.close());

    it('closes a request whose body stops arriving', async () => {
      const exchange = await rawExchange(
        slowApp.baseUrl,
        [
          `POST /api/generate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${slowOwner.apiKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"templ`,
        ],
        8_000,
      );
      expect(exchange.closedAfterMs).not.toBeNull();
      expect(exchange.closedAfterMs!).toBeLessThan(6_000);
      expect(exchange.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(jsonOf(exchange.text)).toMatchObject({ statusCode: 408, error: 'Request Timeout', code: 'request_timeout' });
      expect(headerOf(exchange.text, 'x-request-id')).toBeTruthy();
    });

    it('closes a request whose headers stop arriving, and a connection that sends nothing', async () => {
      const [partialHeaders, silent] = await Promise.all([
        rawExchange(slowApp.baseUrl, ['GET /health/live HTTP/1.1\r\nHost: x\r\nX-Slow: '], 8_000),
        rawExchange(slowApp.baseUrl, [], 8_000),
      ]);
      expect(partialHeaders.closedAfterMs).not.toBeNull();
      expect(partialHeaders.closedAfterMs!).toBeLessThan(6_000);
      expect(silent.closedAfterMs).not.toBeNull();
      expect(silent.closedAfterMs!).toBeLessThan(6_000);
    });
  });

  describe('errors raised by the HTTP layer itself are in the contract shape, with a code and a request id', () => {
    it('bad URL encoding: 400 bad_url', async () => {
      // skipContract: these answers come from the HTTP layer, below any documented route.
      const response = await testApp.request('GET', '/api/templates/%E0%A4%A', { skipContract: true });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code: 'bad_url' });
      expect(response.headers.get('x-request-id')).toBeTruthy();
    });

    it('a path parameter over the length limit: 414 labelled URI Too Long', async () => {
      const response = await testApp.request('GET', `/api/templates/${'a'.repeat(300)}`, { apiKey: owner.apiKey, skipContract: true });
      expect(response.status).toBe(414);
      expect(response.body).toEqual({ statusCode: 414, error: 'URI Too Long', message: expect.any(String), code: 'uri_too_long' });
      expect(response.headers.get('x-request-id')).toBeTruthy();
    });

    it('headers too large: 431 with a code and a request id', async () => {
      const exchange = await rawExchange(testApp.baseUrl, [`GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`], 5_000);
      expect(exchange.text).toMatch(/^HTTP\/1\.1 431 /);
      expect(jsonOf(exchange.text)).toEqual({
        statusCode: 431,
        error: 'Request Header Fields Too Large',
        message: expect.any(String),
        code: 'headers_too_large',
      });
      expect(headerOf(exchange.text, 'x-request-id')).toBeTruthy();
      expect(headerOf(exchange.text, 'content-type')).toMatch(/application\/json/);
    });

    it('a malformed request: 400 malformed_request', async () => {
      const exchange = await rawExchange(testApp.baseUrl, ['GET /health/live HTTP/1.1\r\nHost x\r\n\r\n'], 5_000);
      expect(exchange.text).toMatch(/^HTTP\/1\.1 400 /);
      expect(jsonOf(exchange.text)).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String), code: 'malformed_request' });
      expect(headerOf(exchange.text, 'x-request-id')).toBeTruthy();
    });

    it('echoes X-Request-Id on every kind of answer', async () => {
      const answers = await Promise.all([
        testApp.request('GET', '/health/live'),
        testApp.request('GET', '/nowhere'),
        testApp.request('DELETE', '/health/live'),
        testApp.request('GET', '/api/templates'),
        testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, rawBody: '{', headers: { 'content-type': 'application/json' } }),
      ]);
      for (const answer of answers) expect(answer.headers.get('x-request-id')).toBeTruthy();
      const echoed = await testApp.request('GET', '/nowhere', { headers: { 'x-request-id': 'trace-123' } });
      expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    });
  });

  describe('authentication comes before the body on Bearer endpoints', () => {
    const bodies: Array<[string, Record<string, string>, string | Buffer]> = [
      ['malformed JSON', { 'content-type': 'application/json' }, '{"templateId":'],
      ['a wrong content type', { 'content-type': 'text/plain' }, 'hello'],
      ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=b'],
      ['a body over 1 MiB', { 'content-type': 'application/json' }, Buffer.alloc(2 * 1024 * 1024, 'a')],
    ];

    it.each(bodies)('a request without a valid key is 401 whatever its body: %s', async (_label, headers, rawBody) => {
      for (const path of ['/api/hooks/render', '/api/generate', '/api/templates']) {
        const missing = await testApp.request('POST', path, { headers, rawBody });
        expect(missing.status).toBe(401);
        expect(missing.body.code).toBe('unauthorized');
        expect(missing.headers.get('www-authenticate')).toBe('Bearer');
        const wrong = await testApp.request('POST', path, { headers: { ...headers, authorization: 'Bearer sk_wrong' }, rawBody });
        expect(wrong.status).toBe(401);
      }
    });

    it('with a valid key the body is judged as before', async () => {
      const malformed = await testApp.request('POST', '/api/hooks/render', {
        apiKey: owner.apiKey,
        rawBody: '{"templateId":',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      const wrongType = await testApp.request('POST', '/api/hooks/render', {
        apiKey: owner.apiKey,
        rawBody: 'hello',
        headers: { 'content-type': 'text/plain' },
      });
      expect(wrongType.status).toBe(415);
    });
  });

  describe('endpoints without a body', () => {
    it.each([
      ['an empty JSON body', { 'content-type': 'application/json' }, ''],
      ['an empty text body', { 'content-type': 'text/plain' }, ''],
      ['an empty form body', { 'content-type': 'application/x-www-form-urlencoded' }, ''],
      ['{}', { 'content-type': 'application/json' }, '{}'],
      ['no body at all', {}, undefined],
    ])('accept %s', async (_label, headers, rawBody) => {
      for (const path of ['/api/settings/url-signing-secret', '/api/settings/webhook-secret']) {
        const response = await testApp.request('POST', path, { apiKey: owner.apiKey, headers, rawBody });
        expect(response.status).toBe(200);
        expect(response.body.success).toBe(true);
      }
      // DELETE takes no body either.
      const template = await createTemplate(testApp, owner.apiKey);
      const deleted = await testApp.request('DELETE', `/api/templates/${template}`, { apiKey: owner.apiKey, headers, rawBody });
      expect(deleted.status).toBe(204);
      const font = await testApp.request('DELETE', '/api/fonts/fnt_missingMissingMissing', { apiKey: owner.apiKey, headers, rawBody });
      expect({ status: font.status, code: font.body.code }).toEqual({ status: 404, code: 'font_not_found' });
    });
  });
});
