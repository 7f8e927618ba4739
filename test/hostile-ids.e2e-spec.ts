import { createAccount, createTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/** §20 "identifiers are exact": ids compare case-sensitively and byte-exactly on every database (MySQL's `_ci` and PAD SPACE collations did not). */
describe('hostile input: identifiers differing only in case or trailing spaces', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp);
    templateId = await createTemplate(testApp, owner.apiKey);
  });

  afterAll(() => testApp?.close());

  const flipCase = (id: string) => id.replace(/[a-z]/i, (letter) => (letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()));

  it('a template id with one letter in another case is a different (missing) template everywhere', async () => {
    const other = `tpl_${flipCase(templateId.slice(4))}`;
    expect(other).not.toBe(templateId);
    expect((await testApp.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey })).status).toBe(200);
    expect((await testApp.request('GET', `/api/templates/${other}`, { apiKey: owner.apiKey })).status).toBe(404);
    expect((await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId: other, layers: {} } })).status).toBe(404);
    expect((await testApp.request('GET', `/api/render?templateId=${other}`)).status).toBe(404);
    expect((await testApp.request('DELETE', `/api/templates/${other}`, { apiKey: owner.apiKey })).status).toBe(404);
    expect((await testApp.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey })).status).toBe(200);
  });

  it('a template id with trailing spaces is a different (missing) template everywhere', async () => {
    const padded = `${templateId}  `;
    expect((await testApp.request('GET', `/api/templates/${encodeURIComponent(padded)}`, { apiKey: owner.apiKey })).status).toBe(404);
    expect((await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId: padded, layers: {} } })).status).toBe(404);
    expect((await testApp.request('GET', `/api/render?templateId=${encodeURIComponent(padded)}`)).status).toBe(404);
    expect((await testApp.request('DELETE', `/api/templates/${encodeURIComponent(padded)}`, { apiKey: owner.apiKey })).status).toBe(404);
    expect((await testApp.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey })).status).toBe(200);
  });

  it('the database itself compares template ids byte-exactly', async () => {
    const rows = await testApp.dataSource.query('SELECT id FROM templates WHERE id = ?', [templateId.toUpperCase()]);
    expect(rows).toHaveLength(0);
    // PAD SPACE collations (MySQL's utf8mb4_bin) ignore trailing spaces.
    expect(await testApp.dataSource.query('SELECT id FROM templates WHERE id = ?', [`${templateId} `])).toHaveLength(0);
    const accounts = await testApp.dataSource.query('SELECT id FROM accounts WHERE id = ?', [owner.account.id.toUpperCase()]);
    expect(accounts).toHaveLength(0);
  });
});
