import sharp from 'sharp';
import { createAccount, TestAccount } from './support/factories';
import { fontFixtures, fontForm, withFamilyName } from './support/font-fixtures';
import { startTestApp, TestApp } from './support/test-app';

/** §14: an account's fonts in its renders. */
describe('account fonts in renders', () => {
  let testApp: TestApp;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    testApp = await startTestApp();
    [alice, bob] = await Promise.all([createAccount(testApp), createAccount(testApp)]);
  });

  afterAll(() => testApp?.close());

  async function upload(account: TestAccount, bytes: Buffer, family: string) {
    const response = await fetch(`${testApp.baseUrl}/api/fonts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}` },
      body: fontForm(bytes, { family }),
    });
    const body = await response.json();
    if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
    return body as { id: string };
  }

  const cardTemplate = (fontFamily: string, text = 'Hamburgefonstiv 123') => ({
    name: 'Font card',
    width: 600,
    height: 160,
    background: '#ffffff',
    layers: [{ name: 'title', type: 'text', x: 20, y: 20, width: 560, height: 120, text, fontFamily, fontSize: 40, color: '#000000' }],
  });

  async function createTemplate(account: TestAccount, fontFamily: string, text?: string) {
    return testApp.request('POST', '/api/templates', { apiKey: account.apiKey, body: cardTemplate(fontFamily, text) });
  }

  async function render(account: TestAccount, templateId: string) {
    const response = await testApp.request('POST', '/api/generate', { apiKey: account.apiKey, body: { templateId, layers: {} } });
    expect(response.status).toBe(200);
    const image = await testApp.request('GET', new URL(response.body.imageUrl).pathname);
    const pixels = await sharp(image.bytes).raw().toBuffer();
    return { body: response.body, pixels };
  }

  it('two accounts with the same family name each draw their own font; neither can name the other’s', async () => {
    await Promise.all([
      upload(alice, fontFixtures.ttf(), 'Brand Sans'),
      upload(bob, fontFixtures.woff(), 'Brand Sans'),
      upload(alice, fontFixtures.otf(), 'Only Alice'),
    ]);
    const [aliceTemplate, bobTemplate, builtinTemplate] = await Promise.all([
      createTemplate(alice, 'Brand Sans'),
      createTemplate(bob, 'brand sans'),
      createTemplate(alice, 'Inter'),
    ]);
    expect([aliceTemplate.status, bobTemplate.status, builtinTemplate.status]).toEqual([201, 201, 201]);
    const [aliceImage, bobImage, builtinImage] = await Promise.all([
      render(alice, aliceTemplate.body.id),
      render(bob, bobTemplate.body.id),
      render(alice, builtinTemplate.body.id),
    ]);
    expect(aliceImage.body.warnings).toBeUndefined();
    expect(aliceImage.pixels.equals(bobImage.pixels)).toBe(false);
    expect(aliceImage.pixels.equals(builtinImage.pixels)).toBe(false);
    expect(bobImage.pixels.equals(builtinImage.pixels)).toBe(false);

    const denied = await createTemplate(bob, 'Only Alice');
    expect(denied.status).toBe(400);
    expect(denied.body).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'layers.0.fontFamily', message: expect.stringContaining('Only Alice') }],
    });
    // Three uploads (each loaded by Skia in a throwaway process) and the workers' first use of the shipped fonts.
  }, 90_000);

  it('an upload whose own name table claims a built-in family changes no other account’s renders', async () => {
    // Skia files a registered face under its own family name too: registered as uploaded, this face would join
    // the built-in Inter family in the whole process and draw every other account's Inter text.
    const [carol, mallory] = await Promise.all([createAccount(testApp), createAccount(testApp)]);
    const text = 'Hamburgefonstiv Rag';
    const before = await render(carol, (await createTemplate(carol, 'Inter', text)).body.id);
    await upload(mallory, withFamilyName(fontFixtures.ttf(), 'Inter'), 'Mallory Sans');
    const malloryImage = await render(mallory, (await createTemplate(mallory, 'Mallory Sans', text)).body.id);
    expect(malloryImage.pixels.equals(before.pixels)).toBe(false);

    // A second template with the same design: a new cache key, so drawn again after the face was loaded.
    const after = await render(carol, (await createTemplate(carol, 'Inter', text)).body.id);
    expect(after.body.cached).toBe(false);
    expect(after.pixels.equals(before.pixels)).toBe(true);
  }, 60_000);

  it('refuses a template naming an unknown family, on create and on change', async () => {
    const created = await createTemplate(alice, 'Comic Sans');
    expect(created.status).toBe(400);
    expect(created.body.code).toBe('validation_failed');
    const valid = await createTemplate(alice, 'Inter');
    const changed = await testApp.request('PATCH', `/api/templates/${valid.body.id}`, {
      apiKey: alice.apiKey,
      body: { layers: cardTemplate('Nope Sans').layers },
    });
    expect(changed.status).toBe(400);
    expect((await testApp.request('GET', `/api/templates/${valid.body.id}`, { apiKey: alice.apiKey })).body.layers[0].fontFamily).toBe('Inter');
  });

  it('a replaced font gives new renders; a deleted family draws the default and warns font_unavailable', async () => {
    const font = await upload(alice, fontFixtures.ttf(), 'Changing Sans');
    const template = await createTemplate(alice, 'Changing Sans');
    const first = await render(alice, template.body.id);
    expect((await render(alice, template.body.id)).body.cached).toBe(true);

    const replaced = await upload(alice, fontFixtures.otf(), 'Changing Sans');
    expect(replaced.id).toBe(font.id);
    const second = await render(alice, template.body.id);
    expect(second.body.cached).toBe(false);
    expect(second.body.imageUrl).not.toBe(first.body.imageUrl);

    expect((await testApp.request('DELETE', `/api/fonts/${font.id}`, { apiKey: alice.apiKey })).status).toBe(204);
    const fallback = await render(alice, template.body.id);
    expect(fallback.body.cached).toBe(false);
    expect(fallback.body.warnings).toEqual([{ code: 'font_unavailable', layer: 'title', message: expect.stringContaining('Changing Sans') }]);
    const inter = await createTemplate(alice, 'Inter');
    expect(fallback.pixels.equals((await render(alice, inter.body.id)).pixels)).toBe(true);
    // Two uploads, each loaded by Skia in a throwaway process, and four fresh renders.
  }, 60_000);

  it('draws the account’s font in previews too', async () => {
    await upload(bob, fontFixtures.otf(), 'Preview Sans');
    const preview = (fontFamily: string) =>
      testApp.request('POST', '/api/templates/preview', { apiKey: bob.apiKey, body: { template: cardTemplate(fontFamily), layers: {} } });
    const [own, builtin] = await Promise.all([preview('Preview Sans'), preview('Inter')]);
    expect([own.status, builtin.status]).toEqual([200, 200]);
    expect(own.bytes.equals(builtin.bytes)).toBe(false);
  });

  it('an override’s spans may name the owner’s family, which then draws as in a template', async () => {
    const [dana, eve] = await Promise.all([createAccount(testApp), createAccount(testApp)]);
    await Promise.all([upload(dana, fontFixtures.otf(), 'Span Sans'), upload(eve, fontFixtures.ttf(), 'Span Sans')]);
    const text = 'Hamburgefonstiv Rag';
    const inter = await createTemplate(dana, 'Inter', 'placeholder');
    const viaSpans = async (account: TestAccount, fontFamily: string) => {
      const response = await testApp.request('POST', '/api/generate', {
        apiKey: account.apiKey,
        body: {
          templateId: (account === dana ? inter : await createTemplate(account, 'Inter', 'placeholder')).body.id,
          layers: { title: { spans: [{ text, fontFamily }] } },
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.warnings).toBeUndefined();
      const image = await testApp.request('GET', new URL(response.body.imageUrl).pathname);
      return sharp(image.bytes).raw().toBuffer();
    };
    // The same text in a template that names the family itself: the reference for the face.
    const inTemplate = (await render(dana, (await createTemplate(dana, 'Span Sans', text)).body.id)).pixels;
    const [own, others, builtin] = await Promise.all([viaSpans(dana, 'Span Sans'), viaSpans(eve, 'Span Sans'), viaSpans(dana, 'Inter')]);
    expect(own.equals(inTemplate)).toBe(true);
    expect(own.equals(builtin)).toBe(false);
    // Eve's "Span Sans" is her own upload, not Dana's.
    expect(others.equals(own)).toBe(false);
  }, 60_000);

  it('refuses an override whose spans name a family the account cannot use (the host’s, another account’s, unknown), counting nothing', async () => {
    const [frank, grace] = await Promise.all([createAccount(testApp), createAccount(testApp)]);
    await upload(grace, fontFixtures.ttf(), 'Grace Only');
    const template = await createTemplate(frank, 'Inter');
    const used = async () => (await testApp.request('GET', '/api/usage', { apiKey: frank.apiKey })).body.quota.used;
    const before = await used();
    for (const family of ['DejaVu Serif', 'Grace Only', 'Comic Sans', 'Noto Color Emoji']) {
      const response = await testApp.request('POST', '/api/generate', {
        apiKey: frank.apiKey,
        body: { templateId: template.body.id, layers: { title: { spans: [{ text: 'Hello ' }, { text: 'world', fontFamily: family }] } } },
      });
      expect({ family, status: response.status }).toEqual({ family, status: 400 });
      expect(response.body).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'layers.title.spans.1.fontFamily', message: expect.stringContaining(family) }],
      });
    }
    const preview = await testApp.request('POST', '/api/templates/preview', {
      apiKey: frank.apiKey,
      body: { template: cardTemplate('Inter'), layers: { title: { spans: [{ text: 'Hello', fontFamily: 'DejaVu Serif' }] } } },
    });
    expect(preview.status).toBe(400);
    expect(await used()).toBe(before);
  });

  it('warns glyph_missing for characters no font has, naming the layer and code points', async () => {
    const template = await createTemplate(alice, 'Inter', 'Linear B 𐀀𐀁');
    const rendered = await render(alice, template.body.id);
    expect(rendered.body.warnings).toEqual([{ code: 'glyph_missing', layer: 'title', message: expect.stringContaining('U+10000, U+10001') }]);
  });
});
