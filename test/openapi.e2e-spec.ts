import Ajv2020 from 'ajv/dist/2020';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { toOpenApiPath } from '../src/openapi/openapi-document';
import { UNDOCUMENTED_PREFIXES, validatorFor } from './support/openapi-contract';
import { createAccount, sampleTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp, TestResponse } from './support/test-app';

/** A node of a JSON answer, as loosely typed as the answers themselves. */
type JsonBody = TestResponse['body'];

describe('the API describes itself', () => {
  let testApp: TestApp;
  let owner: TestAccount;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp);
  });

  afterAll(() => testApp?.close());

  describe('GET /api/templates/schema.json', () => {
    it('is public, draft 2020-12, and accepts exactly what POST /api/templates accepts', async () => {
      const response = await testApp.request('GET', '/api/templates/schema.json');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/schema+json');
      const schema = response.body;
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      const validate = new Ajv2020({ strict: false }).compile(schema);

      const template = sampleTemplate();
      expect(validate(template)).toBe(true);
      expect((await testApp.request('POST', '/api/templates', { apiKey: owner.apiKey, body: template })).status).toBe(201);

      // Each refusal below is refused by the server too (same schemas), and by the published schema.
      const refused = [
        sampleTemplate({ width: 0 }),
        sampleTemplate({ width: '600' }),
        sampleTemplate({ unknownField: 1 }),
        sampleTemplate({ layers: [{ name: 'a', type: 'triangle', width: 10, height: 10 }] }),
        sampleTemplate({ layers: [{ name: 'a', type: 'rect', width: 10, height: 10, fontSize: 12 }] }),
        sampleTemplate({ layers: [{ name: 'a', type: 'text', width: 10, height: 10, color: 'red' }] }),
        { width: 10, height: 10, layers: [] },
      ];
      for (const body of refused) {
        expect(validate(body)).toBe(false);
        expect((await testApp.request('POST', '/api/templates', { apiKey: owner.apiKey, body })).status).toBe(400);
      }
    });

    it('describes each layer type as a branch discriminated by its type, text fields included', async () => {
      const schema = (await testApp.request('GET', '/api/templates/schema.json')).body;
      const branches: Array<{ properties: Record<string, { const?: string; default?: unknown }> }> = schema.properties.layers.items.oneOf;
      const byType = Object.fromEntries(branches.map((branch) => [branch.properties.type.const, branch]));
      expect(Object.keys(byType)).toEqual(expect.arrayContaining(['text', 'image', 'rect']));
      // The text layer's transform (minFontSize derived from fontSize) is described by its input side.
      expect(byType.text.properties).toHaveProperty('minFontSize');
      expect(byType.text.properties.fontSize.default).toBe(48);
      expect(schema.required).toEqual(expect.arrayContaining(['name', 'width', 'height', 'layers']));
    });

    it('is served with an ETag and answers 304 to If-None-Match', async () => {
      const first = await testApp.request('GET', '/api/templates/schema.json');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await testApp.request('GET', '/api/templates/schema.json', { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const other = await testApp.request('GET', '/api/templates/schema.json', { headers: { 'if-none-match': '"other"' } });
      expect(other.status).toBe(200);
    });
  });

  describe('GET /api/openapi.json', () => {
    it('is public OpenAPI 3.1 and valid for a standard validator (@seriousme/openapi-schema-validator)', async () => {
      const response = await testApp.request('GET', '/api/openapi.json');
      expect(response.status).toBe(200);
      expect(response.body.openapi).toBe('3.1.0');
      // The validator is an ES module; jest's CommonJS runtime cannot load it, so node runs it beside.
      const script =
        "import { Validator } from '@seriousme/openapi-schema-validator';" +
        "let input = ''; for await (const chunk of process.stdin) input += chunk;" +
        'const result = await new Validator().validate(JSON.parse(input));' +
        'process.stdout.write(JSON.stringify(result));';
      const run = promisify(execFile)('node', ['--input-type=module', '-e', script], { cwd: process.cwd() });
      run.child.stdin!.end(response.text);
      const result = JSON.parse((await run).stdout);
      expect(result).toEqual({ valid: true });

      // And the validator does refuse a broken document (so the assertion above can fail).
      const broken = promisify(execFile)('node', ['--input-type=module', '-e', script], { cwd: process.cwd() });
      broken.child.stdin!.end(JSON.stringify({ ...response.body, paths: { '/x': { get: { responses: { 200: { content: 3 } } } } } }));
      expect(JSON.parse((await broken).stdout).valid).toBe(false);
    });

    it('documents every route the app serves, and no route it does not (only /app pages are excluded)', async () => {
      const document = (await testApp.request('GET', '/api/openapi.json')).body;
      const documented = new Set<string>();
      for (const [path, methods] of Object.entries(document.paths as Record<string, object>)) {
        for (const method of Object.keys(methods)) documented.add(`${method.toUpperCase()} ${path}`);
      }
      const served = new Set(
        testApp.routes
          .filter((route) => !UNDOCUMENTED_PREFIXES.some((prefix) => route.path === prefix || (prefix.endsWith('/') && route.path.startsWith(prefix))))
          // Fastify answers HEAD for every GET route; HEAD is documented where it matters (images).
          .filter(
            (route) =>
              !(route.method === 'HEAD' && testApp.routes.some((other) => other.method === 'GET' && other.path === route.path)) ||
              documented.has(`HEAD ${toOpenApiPath(route.path)}`),
          )
          .map((route) => `${route.method} ${toOpenApiPath(route.path)}`),
      );
      expect(served.size).toBeGreaterThan(15);
      expect([...served].filter((route) => !documented.has(route))).toEqual([]);
      expect([...documented].filter((route) => !served.has(route))).toEqual([]);
    });

    it('marks public endpoints with security: [] and the rest with the bearer scheme', async () => {
      const document = (await testApp.request('GET', '/api/openapi.json')).body;
      expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      const security = (path: string, method: string) => document.paths[path][method].security;
      for (const [path, method] of [
        ['/api/render', 'get'],
        ['/api/images/generated/{file}', 'get'],
        ['/api/openapi.json', 'get'],
        ['/api/docs', 'get'],
        ['/api/templates/schema.json', 'get'],
        ['/health/ready', 'get'],
      ]) {
        expect(security(path, method)).toEqual([]);
      }
      for (const [path, method] of [
        ['/api/templates', 'post'],
        ['/api/generate', 'post'],
        ['/api/usage', 'get'],
        ['/api/hooks/render', 'post'],
      ]) {
        expect(security(path, method)).toEqual([{ bearer: [] }, { session: [], csrfToken: [] }]);
        expect(document.paths[path][method].responses['401'].content['application/json'].schema.properties.code.enum).toEqual(['unauthorized']);
      }
      // Public endpoints answer without a key, as documented.
      for (const path of ['/api/openapi.json', '/api/templates/schema.json', '/api/docs']) expect((await testApp.request('GET', path)).status).toBe(200);
    });

    it('documents statuses, error codes, rate-limit headers, Retry-After and X-Cache of a render', async () => {
      const document = (await testApp.request('GET', '/api/openapi.json')).body;
      const generate = document.paths['/api/generate'].post;
      expect(Object.keys(generate.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '413', '415', '429', '500', '503']));
      expect(Object.keys(generate.responses['200'].headers)).toEqual(
        expect.arrayContaining(['X-Cache', 'RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id']),
      );
      expect(Object.keys(generate.responses['429'].headers)).toContain('Retry-After');
      expect(generate.responses['404'].content['application/json'].schema.properties.code.enum).toEqual(['template_not_found']);
      expect(generate.responses['503'].content['application/json'].schema.properties.code.enum).toEqual([
        'render_timeout',
        'storage_unavailable',
        'dependency_unavailable',
      ]);
      expect(generate.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RenderRequest' });
      const hook = document.paths['/api/hooks/render'].post;
      expect(hook.responses['400'].content['application/json'].schema.properties.code.enum).toEqual([
        'validation_failed',
        'webhook_url_invalid',
        'webhook_url_forbidden',
        'webhook_secret_missing',
        'bad_url',
        'malformed_request',
      ]);
      // What the HTTP layer answers before routing, and a dependency gone away (§20), is documented on every route.
      expect(Object.keys(document.paths['/api/usage'].get.responses)).toEqual(['200', '400', '401', '403', '408', '414', '431', '500', '503']);
      // The contract's template example is the create example, and it is valid.
      expect(document.paths['/api/templates'].post.requestBody.content['application/json'].examples.blogCard.value).toEqual(sampleTemplate());
    });

    it('has examples that are valid for their own schemas', async () => {
      const document = (await testApp.request('GET', '/api/openapi.json')).body;
      let checked = 0;
      for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, JsonBody>>)) {
        for (const [method, operation] of Object.entries(methods)) {
          const media = [
            ['request', operation.requestBody?.content?.['application/json']],
            ...Object.entries(operation.responses).map(([status, response]: [string, JsonBody]) => [status, response.content?.['application/json']]),
          ];
          for (const [where, content] of media) {
            for (const [name, example] of Object.entries((content?.examples ?? {}) as Record<string, { value: unknown }>)) {
              const validate = validatorFor(content.schema, `example ${method} ${path} ${where}`);
              expect({ example: `${method} ${path} ${where} ${name}`, valid: validate(example.value), errors: validate.errors ?? null }).toEqual({
                example: `${method} ${path} ${where} ${name}`,
                valid: true,
                errors: null,
              });
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(15);
    });

    it('is served with an ETag and answers 304 to If-None-Match', async () => {
      const first = await testApp.request('GET', '/api/openapi.json');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await testApp.request('GET', '/api/openapi.json', { headers: { 'if-none-match': `W/"x", ${etag}` } })).status).toBe(304);
      expect((await testApp.request('GET', '/api/openapi.json', { headers: { 'if-none-match': '"x"' } })).status).toBe(200);
    });
  });

  describe('contract check of the integration suite', () => {
    it('fails an answer that drifts from the document, names an undocumented route, and an undocumented status', async () => {
      const { contractViolation } = await import('./support/openapi-contract');
      const usage = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
      expect(contractViolation('GET', '/api/usage', { status: 200, contentType: 'application/json', body: usage, hasBody: true })).toBeNull();
      expect(contractViolation('GET', '/api/usage', { status: 200, contentType: 'application/json', body: { ...usage, extra: 1 }, hasBody: true })).toMatch(
        /does not match the document.*must NOT have additional properties/s,
      );
      expect(contractViolation('GET', '/api/usage', { status: 200, contentType: 'application/json', body: { ...usage, plan: 7 }, hasBody: true })).toMatch(
        /\/plan/,
      );
      expect(contractViolation('GET', '/api/usage', { status: 418, contentType: 'application/json', body: {}, hasBody: true })).toMatch(
        /answered 418, which the document does not list for GET \/api\/usage/,
      );
      expect(contractViolation('POST', '/api/fonts/fnt_1/copy', { status: 200, contentType: 'application/json', body: {}, hasBody: true })).toMatch(
        /no POST \/api\/fonts\/fnt_1\/copy.*README "Documenting a route"/,
      );
      expect(
        contractViolation('GET', '/api/templates/tpl_x', {
          status: 404,
          contentType: 'application/json',
          body: { statusCode: 404, error: 'Not Found', message: 'x', code: 'font_not_found' },
          hasBody: true,
        }),
      ).toMatch(/\/code must be equal to one of the allowed values/);
      // An unknown route's generic 404 is fine.
      expect(
        contractViolation('GET', '/nope', {
          status: 404,
          contentType: 'application/json',
          body: { statusCode: 404, error: 'Not Found', message: 'x', code: 'not_found' },
          hasBody: true,
        }),
      ).toBeNull();
    });
  });
});
