import { createPictorClient, PictorClient, TemplateInput } from 'pictor/client';
import { solidImage } from './support/asset-fixtures';
import { createAccount, TestAccount } from './support/factories';
import { contractViolation } from './support/openapi-contract';
import { startTestApp, TestApp } from './support/test-app';

describe('typed client (pictor/client)', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let pictor: PictorClient;

  /** The client's own fetch, with every answer checked against the document like test-app's request(). */
  const checkedFetch = async (input: Request): Promise<Response> => {
    const response = await fetch(input);
    const text = await response.clone().text();
    const contentType = response.headers.get('content-type');
    const url = new URL(input.url);
    const violation = contractViolation(input.method, url.pathname, {
      status: response.status,
      contentType,
      body: contentType?.includes('json') && text ? JSON.parse(text) : undefined,
      hasBody: text.length > 0,
    });
    if (violation) throw new Error(`OpenAPI contract: ${violation}`);
    return response;
  };

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp);
    pictor = createPictorClient({ baseUrl: testApp.baseUrl, apiKey: owner.apiKey, fetch: checkedFetch });
  });

  afterAll(() => testApp?.close());

  it('drives the main flow: create a template, generate, read usage, build and load the public URL', async () => {
    const template: TemplateInput = {
      name: 'Client card',
      width: 400,
      height: 200,
      background: '#0f172a',
      layers: [
        { name: 'badge', type: 'rect', x: 20, y: 20, width: 60, height: 20, fill: '#38bdf8' },
        { name: 'title', type: 'text', x: 20, y: 60, width: 360, height: 100, text: 'Default', color: '#ffffff', fontSize: 32 },
      ],
    };
    const created = await pictor.POST('/api/templates', { body: template });
    expect(created.response.status).toBe(201);
    const templateId = created.data!.id;
    expect(created.data).toMatchObject({ name: 'Client card', version: 1, publicRender: true });

    const generated = await pictor.POST('/api/generate', { body: { templateId, layers: { title: { text: 'From the client' } }, format: 'png' } });
    expect(generated.response.status).toBe(200);
    expect(generated.data).toMatchObject({ success: true, cached: false });
    expect(generated.data!.imageUrl).toMatch(/^http:\/\/pictor\.test\/api\/images\/generated\/[0-9a-f]{64}\.png$/);
    expect(generated.response.headers.get('x-cache')).toBe('MISS');

    const again = await pictor.POST('/api/generate', { body: { templateId, layers: { title: { text: 'From the client' } } } });
    expect(again.data).toMatchObject({ cached: true, imageUrl: generated.data!.imageUrl });

    const usage = await pictor.GET('/api/usage');
    expect(usage.data).toMatchObject({ plan: 'free', quota: { limit: 50, used: 1, remaining: 49 } });

    const url = await pictor.GET('/api/templates/{id}/url', {
      params: { path: { id: templateId }, query: { layers: { title: { text: 'Public' } }, format: 'webp' } },
    });
    expect(url.response.status).toBe(200);
    expect(url.data).toMatchObject({ signed: false });
    const publicUrl = new URL(url.data!.url);
    expect(publicUrl.searchParams.get('layers[title][text]')).toBe('Public');
    const image = await fetch(`${testApp.baseUrl}${publicUrl.pathname}${publicUrl.search}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');

    // The same render through the public endpoint, with the client's query serialization.
    const anonymous = createPictorClient({ baseUrl: testApp.baseUrl, fetch: checkedFetch });
    const rendered = await anonymous.GET('/api/render', {
      params: { query: { templateId, format: 'webp', layers: { title: { text: 'Public' } } } },
      parseAs: 'arrayBuffer',
    });
    expect(rendered.response.status).toBe(200);
    expect(rendered.response.headers.get('x-cache')).toBe('HIT');
  });

  it('types errors as the documented error bodies', async () => {
    const missing = await pictor.GET('/api/templates/{id}', { params: { path: { id: 'tpl_0000000000000000' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ statusCode: 404, code: 'template_not_found' });

    const anonymous = createPictorClient({ baseUrl: testApp.baseUrl, fetch: checkedFetch });
    const refused = await anonymous.GET('/api/usage');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ code: 'unauthorized' });
  });

  it('renders a document of several pages, typed by the document (page warnings included)', async () => {
    const created = await pictor.POST('/api/templates', {
      body: {
        name: 'Page',
        width: 400,
        height: 200,
        background: '#ffffff',
        layers: [{ name: 'title', type: 'text', x: 10, y: 10, width: 380, height: 100, text: 'Default' }],
      },
    });
    const templateId = created.data!.id;
    const document = await pictor.POST('/api/generate/document', {
      body: {
        pages: [
          { templateId, layers: { title: { text: 'One' } } },
          { templateId, layers: { nothing: { text: 'Two' } }, width: 200, height: 100 },
        ],
      },
    });
    expect(document.response.status).toBe(200);
    const pages: number = document.data!.pages;
    expect(pages).toBe(2);
    const pageOfWarning: number = document.data!.warnings[0].page;
    expect(pageOfWarning).toBe(1);
    expect(document.data!.imageUrl).toMatch(/\.pdf$/);

    const tooMany = await pictor.POST('/api/generate/document', { body: { pages: [] } });
    expect(tooMany.response.status).toBe(400);
    expect(tooMany.error).toMatchObject({ code: 'validation_failed' });
  });

  it('opens, lists and revokes an editor session (§23), and the embed token it hands out works only in the embed', async () => {
    const template = await pictor.POST('/api/templates', {
      body: { name: 'Embedded', width: 300, height: 100, layers: [{ name: 'title', type: 'text', x: 0, y: 0, width: 300, height: 100, text: 'Hi' }] },
    });
    const created = await pictor.POST('/api/editor-sessions', {
      body: { templateId: template.data!.id, mode: 'form', allowedOrigins: ['https://app.example.com'], permissions: { layers: ['title'] } },
    });
    expect(created.response.status).toBe(201);
    expect(created.data!.url).toMatch(/\/embed\/est_/);
    const listed = await pictor.GET('/api/editor-sessions');
    expect(listed.data!.data.map((session) => session.id)).toEqual([created.data!.id]);
    const embed = createPictorClient({ baseUrl: testApp.baseUrl, apiKey: created.data!.url.split('/').pop(), fetch: checkedFetch });
    expect((await embed.GET('/api/templates/{id}', { params: { path: { id: template.data!.id } } })).response.status).toBe(200);
    expect((await embed.GET('/api/editor-sessions')).error?.code).toBe('forbidden');
    const revoked = await pictor.DELETE('/api/editor-sessions/{id}', { params: { path: { id: created.data!.id } } });
    expect(revoked.response.status).toBe(204);
    expect((await embed.GET('/api/templates/{id}', { params: { path: { id: template.data!.id } } })).response.status).toBe(401);
  });

  it('uploads, lists and deletes assets (§24), typed end to end', async () => {
    const form = new FormData();
    form.append('file', new Blob([await solidImage(32, 16, '#ff0000')]), 'logo.png');
    const uploaded = await pictor.POST('/api/assets', { body: form as never, bodySerializer: () => form });
    expect(uploaded.response.status).toBe(201);
    const id: string = uploaded.data!.id;
    expect(uploaded.data).toMatchObject({ width: 32, height: 16, format: 'png' });
    const listed = await pictor.GET('/api/assets', { params: { query: { limit: '10' } } });
    expect(listed.data!.data.map((asset) => asset.id)).toEqual([id]);
    const deleted = await pictor.DELETE('/api/assets/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(204);
    const again = await pictor.DELETE('/api/assets/{id}', { params: { path: { id } } });
    expect(again.error).toMatchObject({ code: 'asset_not_found' });
  });
});
