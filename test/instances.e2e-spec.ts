import { AccountsRepository } from '../src/accounts/accounts.repository';
import { AccountsService } from '../src/accounts/accounts.service';
import { TemplatesRepository } from '../src/templates/templates.repository';
import { ApiKeysService } from '../src/accounts/api-keys.service';
import { createAccount, createTemplate } from './support/factories';
import { fontFixtures, fontForm } from './support/font-fixtures';
import { startSecondInstance, startTestApp, TestApp } from './support/test-app';

/**
 * Keys, accounts and templates are remembered in memory on each instance; a write on one instance
 * must hold on the other from its very next request (SQLite: the file's commit counter; MySQL: Redis
 * pub/sub when REDIS_URL is set, else nothing is remembered).
 */
describe('two instances on one database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp();
    second = await startSecondInstance(first);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('refuses a key on the other instance as soon as one instance revoked it', async () => {
    const owner = await createAccount(first, { plan: 'pro' });
    const other = await first.get(ApiKeysService).create(owner.account.id, 'other');
    for (let index = 0; index < 3; index++) expect((await second.request('GET', '/api/templates', { apiKey: owner.apiKey })).status).toBe(200);

    await first.get(ApiKeysService).revoke((await first.get(ApiKeysService).list(owner.account.id)).find((key) => key.name === 'test')!.id);
    const refused = await second.request('GET', '/api/templates', { apiKey: owner.apiKey });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    expect((await second.request('GET', '/api/templates', { apiKey: other.plainKey })).status).toBe(200);
  });

  it('applies a plan change and a secret rotation made on one instance to the next request on the other', async () => {
    const owner = await createAccount(first, { plan: 'free' });
    expect((await second.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.plan).toBe('free');

    await first.get(AccountsService).setPlan(owner.account.id, 'starter');
    expect((await second.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.plan).toBe('starter');

    // What guards and services read from the authenticated account (webhook secret present or not).
    const keys = second.get(ApiKeysService);
    expect((await keys.authenticate(owner.apiKey))!.account.webhookSecretEncrypted).toBeNull();
    const rotated = await first.request('POST', '/api/settings/webhook-secret', { apiKey: owner.apiKey });
    expect(rotated.status).toBe(200);
    expect((await keys.authenticate(owner.apiKey))!.account.webhookSecretEncrypted).toEqual(expect.any(String));
  });

  it('renders the edited template on the other instance right after a PATCH, and 404s once deleted', async () => {
    const owner = await createAccount(first, { plan: 'pro' });
    const templateId = await createTemplate(first, owner.apiKey);
    const body = { templateId, layers: { title: { text: 'Edited elsewhere' } } };
    const before = await second.request('POST', '/api/generate', { apiKey: owner.apiKey, body });
    expect((await second.request('POST', '/api/generate', { apiKey: owner.apiKey, body })).body.cached).toBe(true);

    const patched = await first.request('PATCH', `/api/templates/${templateId}`, { apiKey: owner.apiKey, body: { background: '#102030' } });
    expect(patched.body.version).toBe(2);
    const after = await second.request('POST', '/api/generate', { apiKey: owner.apiKey, body });
    expect(after.body.cached).toBe(false);
    expect(after.body.imageUrl).not.toBe(before.body.imageUrl);
    expect((await second.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey })).body).toMatchObject({ version: 2, background: '#102030' });

    expect((await first.request('DELETE', `/api/templates/${templateId}`, { apiKey: owner.apiKey })).status).toBe(204);
    expect((await second.request('POST', '/api/generate', { apiKey: owner.apiKey, body })).status).toBe(404);
  });

  it('sees a font uploaded, replaced or deleted on the other instance at once (§14)', async () => {
    const owner = await createAccount(first, { plan: 'pro' });
    const upload = async (bytes: Buffer) => {
      const response = await fetch(`${first.baseUrl}/api/fonts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.apiKey}` },
        body: fontForm(bytes, { family: 'Shared Sans' }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string };
    };
    const render = (templateId: string) => second.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: {} } });
    // The second instance remembers the account's (no) fonts before the upload.
    expect(
      (await second.request('GET', '/api/fonts', { apiKey: owner.apiKey })).body.data.some((family: { family: string }) => family.family === 'Shared Sans'),
    ).toBe(false);
    const font = await upload(fontFixtures.ttf());
    const templateId = await createTemplate(second, owner.apiKey, {
      layers: [{ name: 'title', type: 'text', x: 20, y: 20, width: 560, height: 120, text: 'Hamburgefonstiv', fontFamily: 'Shared Sans' }],
    });
    const drawn = await render(templateId);
    expect(drawn.status).toBe(200);
    expect(drawn.body.warnings).toBeUndefined();

    expect((await upload(fontFixtures.otf())).id).toBe(font.id);
    const redrawn = await render(templateId);
    expect(redrawn.body.cached).toBe(false);
    expect(redrawn.body.imageUrl).not.toBe(drawn.body.imageUrl);

    expect((await first.request('DELETE', `/api/fonts/${font.id}`, { apiKey: owner.apiKey })).status).toBe(204);
    const fallback = await render(templateId);
    expect(fallback.body.warnings).toEqual([expect.objectContaining({ code: 'font_unavailable', layer: 'title' })]);
  });

  it('holds any write made through the owning repositories on the other instance at once (the repository announces it, not the caller)', async () => {
    const owner = await createAccount(first, { plan: 'free' });
    // Read through requests: the other instance's caches hold a write from the next request on.
    const plan = async () => (await second.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.plan as string;
    expect(await plan()).toBe('free');
    const account = (await first.get(AccountsRepository).findById(owner.account.id))!;
    await first.get(AccountsRepository).save(Object.assign(account, { plan: 'pro' }));
    expect(await plan()).toBe('pro');

    const templateId = await createTemplate(first, owner.apiKey);
    expect((await second.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey })).body.name).toBe('Blog card');
    expect(await first.get(TemplatesRepository).updateIfVersion(templateId, owner.account.id, 1, { name: 'Renamed by repository' })).toBe(true);
    expect((await second.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey })).body.name).toBe('Renamed by repository');
  });
});
