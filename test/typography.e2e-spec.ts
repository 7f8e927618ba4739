import sharp from 'sharp';
import { createAccount, createTemplate, sampleTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/** Contract §15 over HTTP: the typography fields on templates and overrides, validated strictly. */
describe('text typography fields', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;

  const title = (fields: Record<string, unknown>) => {
    const base = sampleTemplate().layers as Array<Record<string, unknown>>;
    return sampleTemplate({ layers: base.map((layer) => (layer.name === 'title' ? { ...layer, ...fields } : layer)) });
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp, { plan: 'pro' });
    templateId = await createTemplate(testApp, owner.apiKey);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it.each([
    ['letterSpacing as a string', { letterSpacing: '20' }, 'letterSpacing'],
    ['an unknown direction', { direction: 'up' }, 'direction'],
    ['spans that are not an array', { spans: 'bold text' }, 'spans'],
    ['spans over the text limit in total', { spans: [{ text: 'x'.repeat(3000) }, { text: 'y'.repeat(2001) }] }, 'spans'],
    ['a span with an unknown field', { spans: [{ text: 'a', size: 3 }] }, 'spans'],
    ['an unknown textTransform', { textTransform: 'shout' }, 'textTransform'],
    ['a language tag that is not BCP 47', { lang: 'not a tag!' }, 'lang'],
    ['a shadow without a colour', { shadow: { blur: 3 } }, 'shadow'],
    ['opacity above 1', { opacity: 1.5 }, 'opacity'],
    ['rotation as a string', { rotation: '45' }, 'rotation'],
  ])('refuses %s with a 400 and stores nothing', async (_name, fields, field) => {
    const response = await testApp.request('POST', '/api/templates', { apiKey: owner.apiKey, body: title(fields) });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(JSON.stringify(response.body.details)).toContain(field);
    const list = await testApp.request('GET', '/api/templates', { apiKey: owner.apiKey });
    expect(list.body.data).toHaveLength(1);
  });

  it('refuses the same bad values as overrides', async () => {
    for (const fields of [{ letterSpacing: '20' }, { direction: 'up' }, { spans: {} }, { align: 'middle' }]) {
      const response = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: { title: fields } } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
    }
  });

  it('stores a template with every typography field and renders it, and overrides take the same fields', async () => {
    const typography = {
      direction: 'rtl', align: 'justify', letterSpacing: -0.5, textTransform: 'uppercase', lang: 'tr', fontStyle: 'italic',
      strokeColor: '#000000', strokeWidth: 3, shadow: { color: '#00000080', blur: 4, offsetX: 2, offsetY: 2 },
      background: { color: '#ff0000', padding: 4, radius: 4 }, rotation: 15, opacity: 0.9,
      spans: [{ text: 'istanbul ' }, { text: 'bold', fontWeight: 700, color: '#ffcc00', underline: true, fontStyle: 'normal', fontFamily: 'Inter' }],
    };
    const created = await testApp.request('POST', '/api/templates', { apiKey: owner.apiKey, body: title(typography) });
    expect(created.status).toBe(201);
    const stored = created.body.layers.find((layer: { name: string }) => layer.name === 'title');
    expect(stored).toMatchObject(typography);

    const rendered = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId: created.body.id, layers: {} } });
    expect(rendered.status).toBe(200);
    const overridden = await testApp.request('POST', '/api/generate', {
      apiKey: owner.apiKey,
      body: { templateId: created.body.id, layers: { title: { text: 'plain', direction: 'ltr', align: 'end', rotation: 0, opacity: 1, shadow: null, background: null }, badge: { rotation: 45 } } },
    });
    expect(overridden.status).toBe(200);
    expect(overridden.body.warnings).toBeUndefined();
    expect(overridden.body.imageUrl).not.toBe(rendered.body.imageUrl);
  });

  it('takes the typography fields in a public render URL, numbers as decimals and words as words', async () => {
    const query = `templateId=${templateId}&layers[title][text]=${encodeURIComponent('שלום עולם')}&layers[title][direction]=rtl&layers[title][align]=end` +
      '&layers[title][letterSpacing]=-1.5&layers[title][rotation]=-10&layers[title][opacity]=0.5&layers[title][textTransform]=uppercase&layers[badge][rotation]=45';
    const ok = await testApp.request('GET', `/api/render?${query}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    const bad = await testApp.request('GET', `/api/render?templateId=${templateId}&layers[title][letterSpacing]=wide`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
  });

  it('rotates a layer clockwise about its centre', async () => {
    // A 200×20 bar rotated 90° becomes a 20×200 bar around the same centre.
    const id = await createTemplate(testApp, owner.apiKey, {
      width: 300, height: 300, background: '#ffffff',
      layers: [{ name: 'bar', type: 'rect', x: 50, y: 140, width: 200, height: 20, fill: '#000000', rotation: 90 }],
    });
    const response = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId: id, layers: {} } });
    const image = await testApp.request('GET', new URL(response.body.imageUrl).pathname);
    const { data, info } = await sharp(image.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const dark = (x: number, y: number) => data[(y * info.width + x) * info.channels] < 128;
    expect(dark(150, 60)).toBe(true);
    expect(dark(150, 240)).toBe(true);
    expect(dark(60, 150)).toBe(false);
    expect(dark(240, 150)).toBe(false);
  });
});
