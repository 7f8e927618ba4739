import { TemplatesService } from '../src/templates/templates.service';
import { createAccount, sampleTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

describe('templates API', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp);
    stranger = await createAccount(testApp);
  });

  afterAll(() => testApp?.close());

  const call = (method: string, path: string, body?: unknown, apiKey = owner.apiKey) => testApp.request(method, path, { apiKey, body });

  it('creates, reads, lists, updates and deletes a template', async () => {
    const created = await call('POST', '/api/templates', sampleTemplate());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Blog card', width: 1200, height: 630, version: 1, publicRender: true });
    expect(created.body.id).toMatch(/^tpl_[0-9A-Za-z]{16,}$/);
    expect(created.body.layers[1]).toMatchObject({ name: 'title', type: 'text', fontSize: 64, autoFit: true });
    const id = created.body.id;

    expect((await call('GET', `/api/templates/${id}`)).body).toEqual(created.body);
    const list = await call('GET', '/api/templates');
    expect(list.body.data.map((template: { id: string }) => template.id)).toContain(id);

    const renamed = await call('PATCH', `/api/templates/${id}`, { name: 'Renamed', publicRender: 'signed' });
    expect(renamed.body).toMatchObject({ name: 'Renamed', publicRender: 'signed', version: 1, width: 1200 });

    const redesigned = await call('PATCH', `/api/templates/${id}`, { width: 800 });
    expect(redesigned.body).toMatchObject({ name: 'Renamed', width: 800, version: 2 });
    const same = await call('PATCH', `/api/templates/${id}`, { width: 800 });
    expect(same.body.version).toBe(2);
    expect((await call('GET', `/api/templates/${id}`)).body).toMatchObject({ width: 800, version: 2, name: 'Renamed' });

    expect((await call('DELETE', `/api/templates/${id}`)).status).toBe(204);
    expect((await call('GET', `/api/templates/${id}`)).status).toBe(404);
  });

  it('bumps the version once per design change even under concurrent PATCHes', async () => {
    const id = (await call('POST', '/api/templates', sampleTemplate())).body.id;
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) => call('PATCH', `/api/templates/${id}`, { background: `#00000${index}` })),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect((await call('GET', `/api/templates/${id}`)).body.version).toBe(6);

    // HTTP requests on SQLite rarely overlap (its driver is synchronous), so also overlap the reads
    // and writes directly: five updates that all read version 6 before any of them writes.
    const templates = testApp.get(TemplatesService);
    await Promise.all(Array.from({ length: 5 }, (_, index) => templates.update(owner.account.id, id, { background: `#11111${index}` })));
    expect((await call('GET', `/api/templates/${id}`)).body.version).toBe(11);
  });

  it('applies a PATCH with If-Match only at that version: otherwise 409 version_conflict and nothing changes', async () => {
    const id = (await call('POST', '/api/templates', sampleTemplate())).body.id;
    const patch = (body: unknown, ifMatch: string) => testApp.request('PATCH', `/api/templates/${id}`, { apiKey: owner.apiKey, body, headers: { 'if-match': ifMatch } });
    const first = await patch({ width: 800 }, '"1"');
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    // A second editor still holding version 1 does not overwrite the change.
    const stale = await patch({ width: 640, name: 'Stale' }, '"1"');
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    expect((await call('GET', `/api/templates/${id}`)).body).toMatchObject({ width: 800, name: 'Blog card', version: 2 });
    expect((await patch({ width: 640 }, 'W/"2"')).body.version).toBe(3);
    const malformed = await patch({ width: 500 }, 'yesterday');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation_failed');
    expect((await call('GET', `/api/templates/${id}`)).body.width).toBe(640);
  });

  it("hides another account's templates behind the same 404 as a missing one", async () => {
    const id = (await call('POST', '/api/templates', sampleTemplate())).body.id;
    for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
      const response = await call(method, `/api/templates/${id}`, body, stranger.apiKey);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('template_not_found');
    }
    expect((await call('GET', '/api/templates', undefined, stranger.apiKey)).body.data).toEqual([]);
    expect((await call('GET', `/api/templates/${id}`)).status).toBe(200);
  });

  it('lists the fonts a template may name', async () => {
    const fonts = await call('GET', '/api/fonts');
    expect(fonts.status).toBe(200);
    expect(fonts.body.data.map((font: { family: string }) => font.family)).toEqual(expect.arrayContaining(['Inter', 'Noto Sans SC']));
  });
});
