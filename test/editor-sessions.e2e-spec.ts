import { createHash } from 'node:crypto';
import pino from 'pino';
import { EditorSessionsRepository } from '../src/editor-sessions/editor-sessions.repository';
import { AppLogger, REDACTED_PATHS } from '../src/logging/app-logger';
import { createAccount, createTemplate, sampleTemplate, TestAccount } from './support/factories';
import { solidImage, uploadAsset } from './support/asset-fixtures';
import { fontFixtures, fontForm } from './support/font-fixtures';
import { startSecondInstance, startTestApp, TestApp } from './support/test-app';

const ORIGIN = 'https://app.example.com';
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** §23 over HTTP: the sessions API, what a session's token may and may not do, expiry and revocation. */
describe('editor sessions', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  let templateId: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    // Every log line the app writes (request lines at info), to prove no token reaches them.
    const logger = Object.create(AppLogger.prototype) as AppLogger;
    Object.assign(logger, {
      pino: pino({ level: 'trace', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, { write: (line: string) => logLines.push(line) }),
    });
    testApp = await startTestApp({ overrides: [{ provide: AppLogger, useValue: logger }], env: { PREVIEW_PER_MINUTE: '1000' } });
    owner = await createAccount(testApp, { plan: 'pro' });
    other = await createAccount(testApp);
    templateId = await createTemplate(testApp, owner.apiKey);
  });

  afterAll(() => testApp?.close());

  const create = (body: Record<string, unknown>, apiKey = owner.apiKey) => testApp.request('POST', '/api/editor-sessions', { apiKey, body });
  const session = async (body: Record<string, unknown> = {}) => {
    const response = await create({ templateId, mode: 'design', allowedOrigins: [ORIGIN], ...body });
    expect(response.status).toBe(201);
    return { ...(response.body as { id: string; url: string; expiresAt: string }), token: tokenOf(response.body.url) };
  };
  const asSession = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const used = async () => (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used as number;
  const liveSessions = async () => (await testApp.request('GET', '/api/editor-sessions', { apiKey: owner.apiKey })).body.data as Array<{ id: string }>;

  it('creates a session: eds_ id, an /embed/<token> URL under PUBLIC_BASE_URL, an hour by default; the token stored only hashed', async () => {
    const before = testApp.clock.nowMs();
    const created = await session({ permissions: { layers: ['title'] } });
    expect(created.id).toMatch(/^eds_[0-9A-Za-z]{20}$/);
    expect(created.url).toMatch(/^http:\/\/pictor\.test\/embed\/est_[0-9A-Za-z]{32}$/);
    expect(Date.parse(created.expiresAt) - before).toBeGreaterThanOrEqual(3_600_000 - 1_000);
    expect(Date.parse(created.expiresAt) - before).toBeLessThanOrEqual(3_600_000 + 5_000);
    const [row] = await testApp.dataSource.query<Array<{ token_hash: string }>>('SELECT token_hash FROM editor_sessions WHERE id = ?', [created.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const listed = await testApp.request('GET', '/api/editor-sessions', { apiKey: owner.apiKey });
    const entry = listed.body.data.find((item: { id: string }) => item.id === created.id);
    expect(entry).toMatchObject({
      mode: 'design',
      templateId,
      allowedOrigins: [ORIGIN],
      permissions: { save: true, addLayers: true, uploadFonts: false, uploadAssets: false, layers: ['title'] },
    });
    expect(listed.text).not.toContain(created.token);
    // Another account sees none of them, and cannot revoke them.
    expect((await testApp.request('GET', '/api/editor-sessions', { apiKey: other.apiKey })).body.data).toEqual([]);
    expect((await testApp.request('DELETE', `/api/editor-sessions/${created.id}`, { apiKey: other.apiKey })).body.code).toBe('editor_session_not_found');
  });

  it.each([
    ['origin *', { allowedOrigins: ['*'] }],
    ['origin null', { allowedOrigins: ['null'] }],
    ['an origin with a path', { allowedOrigins: ['https://app.example.com/editor'] }],
    ['an origin with a trailing slash', { allowedOrigins: ['https://app.example.com/'] }],
    ['an origin with credentials', { allowedOrigins: ['https://user:pw@app.example.com'] }],
    ['port 0', { allowedOrigins: ['https://app.example.com:0'] }],
    ['port 65536', { allowedOrigins: ['https://app.example.com:65536'] }],
    ['http other than localhost', { allowedOrigins: ['http://app.example.com'] }],
    ['http on 127.0.0.1', { allowedOrigins: ['http://127.0.0.1:8080'] }],
    ['a wildcard host', { allowedOrigins: ['https://*.example.com'] }],
    ['a CSP injection', { allowedOrigins: ["https://a.com; script-src 'unsafe-inline'"] }],
    ['no origins', { allowedOrigins: [] }],
    ['eleven origins', { allowedOrigins: Array.from({ length: 11 }, (_, index) => `https://a${index}.example.com`) }],
    ['expiresIn 59', { expiresIn: 59 }],
    ['expiresIn 86401', { expiresIn: 86_401 }],
    ['expiresIn 1.5 hours as a fraction', { expiresIn: 90.5 }],
    ['expiresIn as text', { expiresIn: '3600' }],
    ['an unknown mode', { mode: 'admin' }],
    ['an unknown permission', { permissions: { deleteTemplates: true } }],
    ['a permission that is not a boolean', { permissions: { save: 'yes' } }],
    ['a permitted layer the template lacks', { permissions: { layers: ['nope'] } }],
    ['form mode without a template', { mode: 'form', templateId: undefined }],
  ])('refuses %s with 400 validation_failed and creates nothing', async (_name, change) => {
    const before = (await liveSessions()).length;
    const response = await create({ templateId, mode: 'design', allowedOrigins: [ORIGIN], ...change });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect((await liveSessions()).length).toBe(before);
  });

  it("refuses another account's template and a missing one with 404 template_not_found", async () => {
    const foreign = await createTemplate(testApp, other.apiKey);
    for (const id of [foreign, 'tpl_missing']) {
      const response = await create({ templateId: id, mode: 'form', allowedOrigins: [ORIGIN] });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('template_not_found');
    }
  });

  it('serves the embed page framed only by the session origins, without a token in any log line', async () => {
    const created = await session({ allowedOrigins: [ORIGIN, 'http://localhost:5173'] });
    const page = await testApp.request('GET', `/embed/${created.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${ORIGIN} http://localhost:5173;`);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.text).not.toMatch(/Sign out|API keys|href="\/app\/(?!assets\/)/);
    const unknown = await testApp.request('GET', `/embed/est_${'x'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    await testApp.request('GET', `/api/templates/${templateId}`, asSession(created.token));
    await testApp.request('GET', '/api/usage', asSession(created.token));
    expect(logLines.some((line) => line.includes('/embed/[redacted]'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(created.token);
    expect(logLines.join('\n')).not.toContain(created.token.slice(4));
  });

  describe("an embed's token", () => {
    let token: string;
    let otherTemplate: string;
    let foreignTemplate: string;

    beforeAll(async () => {
      token = (await session({ permissions: { layers: ['title'], addLayers: false } })).token;
      otherTemplate = await createTemplate(testApp, owner.apiKey, { name: 'Another of the owner' });
      foreignTemplate = await createTemplate(testApp, other.apiKey);
    });

    it('reads its template, previews it, renders it billed to the owner, and lists fonts', async () => {
      const template = await testApp.request('GET', `/api/templates/${templateId}`, asSession(token));
      expect(template.status).toBe(200);
      const preview = await testApp.request('POST', '/api/templates/preview', {
        ...asSession(token),
        body: { template: sampleTemplate(), layers: { title: { text: 'Hi' } } },
      });
      expect(preview.status).toBe(200);
      const before = await used();
      const render = await testApp.request('POST', '/api/generate', {
        ...asSession(token),
        body: { templateId, layers: { title: { text: `Billed ${Date.now()}` } } },
      });
      expect(render.status).toBe(200);
      expect(render.body.imageUrl).toMatch(/^http:\/\/pictor\.test\/api\/images\/generated\//);
      expect(await used()).toBe(before + 1);
      expect((await testApp.request('GET', '/api/fonts', asSession(token))).status).toBe(200);
    });

    it.each([
      ['the template list', 'GET', '/api/templates', undefined],
      ['another template of the owner', 'GET', () => `/api/templates/${otherTemplate}`, undefined],
      ["another account's template", 'GET', () => `/api/templates/${foreignTemplate}`, undefined],
      ['deleting its template', 'DELETE', () => `/api/templates/${templateId}`, undefined],
      ['the sessions API', 'POST', '/api/editor-sessions', () => ({ templateId, mode: 'design', allowedOrigins: [ORIGIN] })],
      ['the sessions list', 'GET', '/api/editor-sessions', undefined],
      ['the webhook secret', 'POST', '/api/settings/webhook-secret', undefined],
      ['the URL-signing secret', 'POST', '/api/settings/url-signing-secret', undefined],
      ['usage', 'GET', '/api/usage', undefined],
      ['webhook deliveries', 'GET', '/api/webhooks/deliveries', undefined],
      ['jobs', 'POST', '/api/jobs', () => ({ templateId, rows: [{}] })],
      ['batch renders', 'POST', '/api/generate/batch', () => ({ items: [{ templateId }] })],
      ['hook renders', 'POST', '/api/hooks/render', () => ({ templateId })],
      ['a render URL', 'GET', () => `/api/templates/${templateId}/url`, undefined],
      ['a render of another template', 'POST', '/api/generate', () => ({ templateId: otherTemplate })],
      ["a render of another account's template", 'POST', '/api/generate', () => ({ templateId: foreignTemplate })],
      ['an override of a layer it may not change', 'POST', '/api/generate', () => ({ templateId, layers: { badge: { fill: '#ff0000' } } })],
      [
        'a preview changing a layer it may not change',
        'POST',
        '/api/templates/preview',
        () => ({
          template: { ...sampleTemplate(), layers: sampleTemplate().layers.map((layer) => (layer.name === 'badge' ? { ...layer, fill: '#ff0000' } : layer)) },
        }),
      ],
      ['a save changing a layer it may not change', 'PATCH', () => `/api/templates/${templateId}`, () => ({ layers: sampleTemplate().layers.slice(1) })],
      [
        'a save adding a layer without addLayers',
        'PATCH',
        () => `/api/templates/${templateId}`,
        () => ({ layers: [...sampleTemplate().layers, { name: 'extra', type: 'rect', x: 0, y: 0, width: 10, height: 10 }] }),
      ],
      ['a save of publicRender', 'PATCH', () => `/api/templates/${templateId}`, () => ({ publicRender: false })],
      ['a second template', 'POST', '/api/templates', () => sampleTemplate()],
      ['deleting a font', 'DELETE', '/api/fonts/fnt_whatever', undefined],
    ])('refuses %s with 403 forbidden and changes nothing', async (_name, method, path, body) => {
      const templates = async () =>
        (await Promise.all([owner, other].map((account) => testApp.request('GET', '/api/templates', { apiKey: account.apiKey })))).map(
          (answer) => answer.body.data,
        );
      const before = {
        template: (await testApp.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey })).body,
        used: await used(),
        templates: await templates(),
      };
      const response = await testApp.request(method, typeof path === 'function' ? path() : path, { ...asSession(token), body: body?.() });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('forbidden');
      expect((await testApp.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey })).body).toEqual(before.template);
      expect(await used()).toBe(before.used);
      expect(await templates()).toEqual(before.templates);
    });

    it("judges its grant before an Idempotency-Key: never a replay of the owner's render it may not make; its own replays", async () => {
      const key = `embed-${Date.now()}`;
      const body = { templateId: otherTemplate, layers: { title: { text: 'Rendered by the owner' } } };
      const owners = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, headers: { 'idempotency-key': key }, body });
      expect(owners.status).toBe(200);
      const asSessionWith = (idempotencyKey: string) => ({ headers: { ...asSession(token).headers, 'idempotency-key': idempotencyKey } });
      const replayed = await testApp.request('POST', '/api/generate', { ...asSessionWith(key), body });
      expect(replayed.status).toBe(403);
      expect(replayed.body.code).toBe('forbidden');
      expect(replayed.headers.get('idempotent-replayed')).toBeNull();

      const own = { templateId, layers: { title: { text: `Its own ${key}` } } };
      const first = await testApp.request('POST', '/api/generate', { ...asSessionWith(`${key}-own`), body: own });
      const again = await testApp.request('POST', '/api/generate', { ...asSessionWith(`${key}-own`), body: own });
      expect(first.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
    });

    it('saves a change to a permitted layer (and only with permissions.save)', async () => {
      const current = (await testApp.request('GET', `/api/templates/${templateId}`, asSession(token))).body;
      const layers = current.layers.map((layer: { name: string }) => (layer.name === 'title' ? { ...layer, text: 'Edited in the embed' } : layer));
      const saved = await testApp.request('PATCH', `/api/templates/${templateId}`, { ...asSession(token), body: { layers } });
      expect(saved.status).toBe(200);
      expect(saved.body.version).toBe(current.version + 1);
      const readOnly = (await session({ permissions: { save: false } })).token;
      const refused = await testApp.request('PATCH', `/api/templates/${templateId}`, { ...asSession(readOnly), body: { layers } });
      expect(refused.body.code).toBe('forbidden');
    });

    it('uploads a font only with uploadFonts: the upload is refused before its body is read', async () => {
      const upload = (credential: string) =>
        fetch(`${testApp.baseUrl}/api/fonts`, { method: 'POST', headers: { authorization: `Bearer ${credential}` }, body: fontForm(fontFixtures.ttf()) });
      const refused = await upload(token);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('forbidden');
      expect(
        (await testApp.request('GET', '/api/fonts', { apiKey: owner.apiKey })).body.data.filter((font: { source?: string }) => font.source === 'account'),
      ).toEqual([]);
      const allowed = await upload((await session({ permissions: { uploadFonts: true } })).token);
      expect(allowed.status).not.toBe(403);
      expect(allowed.status).not.toBe(401);
    });

    it("uploads an asset only with uploadAssets, and never lists or deletes the account's assets (§24)", async () => {
      const image = await solidImage(20, 20, '#00ff00');
      const refused = await uploadAsset(testApp, token, image);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'forbidden' });
      expect((await testApp.request('GET', '/api/assets', { apiKey: owner.apiKey })).body.data).toEqual([]);
      const uploader = (await session({ permissions: { uploadAssets: true } })).token;
      const allowed = await uploadAsset(testApp, uploader, image);
      expect(allowed.status).toBe(201);
      const id = (allowed.body as { id: string }).id;
      // Billed and kept as the owner's: the owner sees it; the session may not browse or delete.
      expect((await testApp.request('GET', '/api/assets', { apiKey: owner.apiKey })).body.data.map((asset: { id: string }) => asset.id)).toEqual([id]);
      expect((await testApp.request('GET', '/api/assets', asSession(uploader))).body.code).toBe('forbidden');
      expect((await testApp.request('DELETE', `/api/assets/${id}`, asSession(uploader))).body.code).toBe('forbidden');
    });

    it.each([
      ['a truncated token', (value: string) => value.slice(0, -1)],
      ['a guessed token', () => `est_${'A'.repeat(32)}`],
      ['the prefix alone', () => 'est_'],
      ['the token with a character changed', (value: string) => `${value.slice(0, -1)}${value.endsWith('a') ? 'b' : 'a'}`],
    ])('answers %s with 401 unauthorized', async (_name, alter) => {
      const response = await testApp.request('GET', `/api/templates/${templateId}`, asSession(alter(token)));
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('unauthorized');
    });
  });

  it('a design session without a template creates one on its first save and is then bound to it', async () => {
    const created = await session({ templateId: undefined });
    const first = await testApp.request('POST', '/api/templates', { ...asSession(created.token), body: sampleTemplate({ name: 'Made in the embed' }) });
    expect(first.status).toBe(201);
    const listed = (await liveSessions()) as Array<{ id: string; templateId: string | null }>;
    expect(listed.find((item) => item.id === created.id)?.templateId).toBe(first.body.id);
    expect((await testApp.request('GET', `/api/templates/${first.body.id}`, asSession(created.token))).status).toBe(200);
    const second = await testApp.request('POST', '/api/templates', { ...asSession(created.token), body: sampleTemplate({ name: 'Another' }) });
    expect(second.body.code).toBe('forbidden');
    const names = (await testApp.request('GET', '/api/templates', { apiKey: owner.apiKey })).body.data.map((item: { name: string }) => item.name);
    expect(names.filter((name: string) => name === 'Made in the embed' || name === 'Another')).toEqual(['Made in the embed']);
    const patched = await testApp.request('PATCH', `/api/templates/${first.body.id}`, { ...asSession(created.token), body: { background: '#000000' } });
    expect(patched.body.version).toBe(2);
  });

  it('two first saves at once: the one that binds first keeps its template; the other is refused and its template removed', async () => {
    const created = await session({ templateId: undefined });
    // Both saves pass the guard (the session still has no template) before either binds: each bind waits for the other to arrive.
    const repository = testApp.get(EditorSessionsRepository);
    const bind = repository.bindTemplate.bind(repository);
    let arrived = 0;
    let release!: () => void;
    const bothArrived = new Promise<void>((resolve) => (release = resolve));
    const held = jest.spyOn(repository, 'bindTemplate').mockImplementation(async (id, boundTemplateId) => {
      if (++arrived === 2) release();
      await bothArrived;
      return bind(id, boundTemplateId);
    });
    try {
      const saves = await Promise.all(
        ['Raced one', 'Raced two'].map((name) => testApp.request('POST', '/api/templates', { ...asSession(created.token), body: sampleTemplate({ name }) })),
      );
      expect(held).toHaveBeenCalledTimes(2);
      expect(saves.map((save) => save.status).sort()).toEqual([201, 403]);
      const kept = saves.find((save) => save.status === 201)!.body as { id: string; name: string };
      expect(saves.find((save) => save.status === 403)!.body.code).toBe('forbidden');
      const listed = (await liveSessions()) as Array<{ id: string; templateId: string | null }>;
      expect(listed.find((item) => item.id === created.id)?.templateId).toBe(kept.id);
      const names = (await testApp.request('GET', '/api/templates', { apiKey: owner.apiKey })).body.data.map((item: { name: string }) => item.name);
      expect(names.filter((name: string) => name.startsWith('Raced'))).toEqual([kept.name]);
    } finally {
      held.mockRestore();
    }
  });

  it('a form session saves nothing, and renders only its own template', async () => {
    const form = await session({ mode: 'form' });
    const template = (await testApp.request('GET', `/api/templates/${templateId}`, asSession(form.token))).body;
    expect((await testApp.request('PATCH', `/api/templates/${templateId}`, { ...asSession(form.token), body: { name: 'x' } })).body.code).toBe('forbidden');
    const { name, width, height, background, publicRender, layers } = template;
    const preview = await testApp.request('POST', '/api/templates/preview', {
      ...asSession(form.token),
      body: { template: { name, width, height, background, publicRender, layers } },
    });
    expect(preview.status).toBe(200);
    const changed = await testApp.request('POST', '/api/templates/preview', {
      ...asSession(form.token),
      body: { template: { name, width: 10, height, background, publicRender, layers } },
    });
    expect(changed.body.code).toBe('forbidden');
  });

  it('expires: every call is then a 401 and the page says so', async () => {
    const created = await session({ expiresIn: 60 });
    expect((await testApp.request('GET', `/api/templates/${templateId}`, asSession(created.token))).status).toBe(200);
    testApp.clock.advance(61_000);
    try {
      const response = await testApp.request('GET', `/api/templates/${templateId}`, asSession(created.token));
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('unauthorized');
      const page = await testApp.request('GET', `/embed/${created.token}`);
      expect(page.status).toBe(410);
      expect(page.text).toContain('This editor session has expired');
      expect((await liveSessions()).some((item) => item.id === created.id)).toBe(false);
    } finally {
      testApp.clock.advance(-61_000);
    }
  });

  it('revokes at once, also on a second instance that had the session in its cache', async () => {
    const second = await startSecondInstance(testApp);
    try {
      const created = await session();
      // Both instances have resolved (and remembered) the token.
      for (const instance of [testApp, second])
        expect((await instance.request('GET', `/api/templates/${templateId}`, asSession(created.token))).status).toBe(200);
      expect((await testApp.request('DELETE', `/api/editor-sessions/${created.id}`, { apiKey: owner.apiKey })).status).toBe(204);
      for (const instance of [second, testApp]) {
        const response = await instance.request('GET', `/api/templates/${templateId}`, asSession(created.token));
        expect(response.status).toBe(401);
      }
      const page = await second.request('GET', `/embed/${created.token}`);
      expect(page.status).toBe(410);
      expect(page.text).toContain('was revoked');
      expect((await liveSessions()).some((item) => item.id === created.id)).toBe(false);
    } finally {
      await second.close();
    }
  });
});
