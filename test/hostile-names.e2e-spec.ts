import sharp from 'sharp';
import { createAccount, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/** §20 "names are data": layers named like Object.prototype members behave like any other name (finding 7). */
describe('hostile input: layer names that are JavaScript prototype members', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;
  const NAMES = ['__proto__', 'constructor', 'toString'];

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp, { plan: 'pro' });
    // Raw JSON: an object literal with a "__proto__" key would set a prototype instead of a property.
    const template = `{"name":"names","width":300,"height":100,"background":"#ffffff","publicRender":true,"layers":[${NAMES.map(
      (name, index) => `{"name":"${name}","type":"rect","x":${index * 100},"y":0,"width":100,"height":100,"fill":"#000000"}`,
    ).join(',')}]}`;
    const created = await testApp.request('POST', '/api/templates', {
      apiKey: owner.apiKey,
      rawBody: template,
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(201);
    templateId = created.body.id;
  });

  afterAll(() => testApp?.close());

  const colours = async (png: Buffer) => {
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return NAMES.map((_, index) => {
      const offset = (50 * info.width + index * 100 + 50) * info.channels;
      return `#${[data[offset], data[offset + 1], data[offset + 2]].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
    });
  };

  it('lists and draws such layers', async () => {
    const listed = await testApp.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey });
    expect(listed.body.layers.map((layer: { name: string }) => layer.name)).toEqual(NAMES);
    const drawn = await testApp.request('GET', `/api/render?templateId=${templateId}`);
    expect(drawn.status).toBe(200);
    expect(await colours(drawn.bytes)).toEqual(['#000000', '#000000', '#000000']);
  });

  it('overrides them in a JSON body, with no unknown_layer warning and a distinct cache entry', async () => {
    const body = `{"templateId":"${templateId}","layers":{"__proto__":{"fill":"#ff0000"},"constructor":{"fill":"#00ff00"},"toString":{"hidden":true}}}`;
    const generated = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, rawBody: body, headers: { 'content-type': 'application/json' } });
    expect(generated.status).toBe(200);
    expect(generated.body.warnings).toBeUndefined();
    expect(generated.body.cached).toBe(false);
    const image = await testApp.request('GET', new URL(generated.body.imageUrl).pathname);
    expect(await colours(image.bytes)).toEqual(['#ff0000', '#00ff00', '#ffffff']);

    const plain = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: {} } });
    expect(plain.body.imageUrl).not.toBe(generated.body.imageUrl);
  });

  it('overrides them in a GET /api/render query like any other name', async () => {
    const query = `templateId=${templateId}&layers[__proto__][fill]=%230000ff&layers[constructor][hidden]=true&layers[toString][fill]=%23ff00ff`;
    const drawn = await testApp.request('GET', `/api/render?${query}`);
    expect(drawn.status).toBe(200);
    expect(await colours(drawn.bytes)).toEqual(['#0000ff', '#ffffff', '#ff00ff']);
  });

  it('reads the name after percent-decoding, exactly: %5F%5Fproto%5F%5F is __proto__, __PROTO__ is another name', async () => {
    const encoded = await testApp.request('GET', `/api/render?templateId=${templateId}&layers[%5F%5Fproto%5F%5F][fill]=%2300ff00`);
    expect(encoded.status).toBe(200);
    expect(await colours(encoded.bytes)).toEqual(['#00ff00', '#000000', '#000000']);
    const otherCase = await testApp.request('GET', `/api/render?templateId=${templateId}&layers[__PROTO__][fill]=%2300ff00`);
    expect(otherCase.status).toBe(200);
    expect(await colours(otherCase.bytes)).toEqual(['#000000', '#000000', '#000000']);
    // A name made of the old fixed stand-in's characters is just an unknown layer, not __proto__.
    const lookalike = await testApp.request('GET', `/api/render?templateId=${templateId}&layers[%00proto%00][fill]=%2300ff00`);
    expect(await colours(lookalike.bytes)).toEqual(['#000000', '#000000', '#000000']);
  });

  it('reports such a name as unknown when the template lacks it', async () => {
    const other = await testApp.request('POST', '/api/templates', { apiKey: owner.apiKey, body: { name: 'plain', width: 10, height: 10, layers: [] } });
    const generated = await testApp.request('POST', '/api/generate', {
      apiKey: owner.apiKey,
      rawBody: `{"templateId":"${other.body.id}","layers":{"__proto__":{"text":"x"},"toString":{"text":"y"}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(generated.status).toBe(200);
    expect(generated.body.warnings.map((warning: { code: string; layer: string }) => `${warning.code}:${warning.layer}`)).toEqual([
      'unknown_layer:__proto__',
      'unknown_layer:toString',
    ]);
  });
});
