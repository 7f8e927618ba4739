import { RenderCacheEntry } from '../src/render/entities/render-cache-entry.entity';
import { Template } from '../src/templates/entities/template.entity';
import { createAccount, createTemplate, sampleTemplate, TestAccount } from './support/factories';
import { storedFiles } from './support/stored-files';
import { startTestApp, TestApp } from './support/test-app';

describe('malformed requests answer 4xx JSON and change nothing', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp, { plan: 'pro' });
    templateId = await createTemplate(testApp, owner.apiKey);
  });

  afterAll(() => testApp?.close());

  const snapshot = async () => ({
    images: storedFiles(testApp.config.imagesDir).length,
    cache: await testApp.dataSource.getRepository(RenderCacheEntry).count(),
    templates: await testApp.dataSource.getRepository(Template).count(),
  });

  const base = () => ({ templateId, layers: { title: { text: 'ok' } } });

  const generateCases: Array<[string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }, number, string]> = [
    ['a string for a number', { body: { ...base(), width: '600' } }, 400, 'validation_failed'],
    ['null layers', { body: { ...base(), layers: null } }, 400, 'validation_failed'],
    ['an array for layers', { body: { ...base(), layers: [] } }, 400, 'validation_failed'],
    ['a null body', { rawBody: 'null', headers: { 'content-type': 'application/json' } }, 400, 'validation_failed'],
    ['an array body', { body: [] }, 400, 'validation_failed'],
    ['an unknown top-level field', { body: { ...base(), colour: 'red' } }, 400, 'validation_failed'],
    ['webhookUrl on /api/generate', { body: { ...base(), webhookUrl: 'https://example.com/hook' } }, 400, 'validation_failed'],
    ['10,000-character text', { body: { ...base(), layers: { title: { text: 'x'.repeat(10_000) } } } }, 400, 'validation_failed'],
    ['width 0', { body: { ...base(), width: 0 } }, 400, 'validation_failed'],
    ['width 99999', { body: { ...base(), width: 99999 } }, 400, 'validation_failed'],
    ['a fractional height', { body: { ...base(), height: 10.5 } }, 400, 'validation_failed'],
    ['format gif', { body: { ...base(), format: 'gif' } }, 400, 'validation_failed'],
    ['quality 0', { body: { ...base(), format: 'jpeg', quality: 0 } }, 400, 'validation_failed'],
    ['51 layer entries', { body: { ...base(), layers: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`l${i}`, {}])) } }, 400, 'validation_failed'],
    ['an unknown override field', { body: { ...base(), layers: { title: { font: 'x' } } } }, 400, 'validation_failed'],
    ['a missing templateId', { body: { layers: {} } }, 400, 'validation_failed'],
    ['a non-http image URL', { body: { ...base(), layers: { avatar: { imageUrl: 'file:///etc/passwd' } } } }, 400, 'validation_failed'],
    ['malformed JSON', { rawBody: '{"templateId":', headers: { 'content-type': 'application/json' } }, 400, 'validation_failed'],
    ['a text/plain body', { rawBody: 'hello', headers: { 'content-type': 'text/plain' } }, 415, 'unsupported_media_type'],
    ['a form body', { rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415, 'unsupported_media_type'],
    [
      'a 2 MiB body',
      { rawBody: JSON.stringify({ ...base(), pad: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } },
      413,
      'payload_too_large',
    ],
    [
      '__proto__ pollution',
      { rawBody: '{"__proto__":{"x":1},"templateId":"a","layers":{}}', headers: { 'content-type': 'application/json' } },
      400,
      'validation_failed',
    ],
    ['an unknown template', { body: { templateId: 'tpl_nope', layers: {} } }, 404, 'template_not_found'],
  ];

  it.each(generateCases)('POST /api/generate with %s', async (_label, options, status, code) => {
    const before = await snapshot();
    const response = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, ...options });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String), code });
    expect(response.text).not.toMatch(/at \w+ \(|node_modules|SELECT|INSERT/);
    expect(await snapshot()).toEqual(before);
  });

  it('joins several problems into one message and lists them in details', async () => {
    const response = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId: 5, layers: null } });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('; ');
    expect(response.body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'templateId' }), expect.objectContaining({ path: 'layers' })]),
    );
  });

  it.each([
    ['no header', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    ['an unknown key', { authorization: `Bearer sk_${'a'.repeat(40)}` }],
    ['a garbage key', { authorization: 'Bearer ../../etc' }],
  ])('answers 401 with WWW-Authenticate for %s', async (_label, headers) => {
    const response = await testApp.request('POST', '/api/generate', { headers, body: base() });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', code: 'unauthorized' });
  });

  it.each([
    ['width as a string', { width: '1200' }],
    ['height 0', { height: 0 }],
    ['60 layers', { layers: Array.from({ length: 60 }, (_, i) => ({ name: `l${i}`, type: 'rect', width: 1, height: 1 })) }],
    ['a null name', { name: null }],
  ])('POST /api/templates with %s is a 400 that stores nothing', async (_label, overrides) => {
    const before = await snapshot();
    const response = await testApp.request('POST', '/api/templates', { apiKey: owner.apiKey, body: sampleTemplate(overrides) });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(await snapshot()).toEqual(before);
  });

  it('answers unknown routes with a 404 JSON body', async () => {
    const response = await testApp.request('GET', '/api/nothing-here', { apiKey: owner.apiKey });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: 'not_found' });
  });
});
