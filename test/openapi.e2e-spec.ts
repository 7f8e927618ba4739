import Ajv2020 from 'ajv/dist/2020';
import { createAccount, sampleTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

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
});
