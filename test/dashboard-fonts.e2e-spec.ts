/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { AccountsService } from '../src/accounts/accounts.service';
import { ApiKeysService } from '../src/accounts/api-keys.service';
import { launchChromium } from './support/chromium';
import { createAccount, TestAccount } from './support/factories';
import { fontFixtures, fontForm } from './support/font-fixtures';
import { startTestApp, TestApp } from './support/test-app';

const DOCS = join(__dirname, '..', process.env.UPDATE_DOCS === '1' ? 'docs' : 'test-artifacts');
const EMAIL = 'fonts-page@example.com';

/** §24: /app/fonts lists the account's uploaded fonts beside the built-in ones, uploads (multipart + CSRF) and deletes them, Post/Redirect/Get. */
describe('dashboard fonts page (chromium)', () => {
  let testApp: TestApp;
  let browser: Browser;
  let page: Page;
  let apiKey: string;
  let other: TestAccount;

  beforeAll(async () => {
    mkdirSync(DOCS, { recursive: true });
    testApp = await startTestApp();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${testApp.baseUrl}/app/signup`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('a long passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/app/);
    const account = (await testApp.get(AccountsService).findByEmail(EMAIL))!;
    apiKey = (await testApp.get(ApiKeysService).create(account.id, 'test')).plainKey;
    other = await createAccount(testApp);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  const accountFonts = async (key = apiKey) => {
    const listed = await testApp.request('GET', '/api/fonts', { apiKey: key });
    expect(listed.status).toBe(200);
    return (listed.body.data as Array<{ family: string; source: string; faces?: Array<{ id: string; weight: number; style: string }> }>).filter(
      (family) => family.source === 'account',
    );
  };
  const flash = () => page.locator('main p.warning[role="status"]');
  const flashText = () => flash().textContent({ timeout: 10_000 });
  const ownRows = () => page.locator('table[aria-label="Your fonts"] tbody tr');
  /** Submits a form and waits for the page its redirect lands on (the URL is the same before and after). */
  const submitAndLand = async (submit: () => Promise<void>) => {
    const landed = page.waitForResponse((response) => response.request().method() === 'GET' && response.url() === `${testApp.baseUrl}/app/fonts`);
    await submit();
    await landed;
    await page.waitForLoadState('domcontentloaded');
  };
  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }, family = '') => {
    if (page.url() !== `${testApp.baseUrl}/app/fonts`) await page.goto(`${testApp.baseUrl}/app/fonts`);
    await page.getByLabel('Font file').setInputFiles(file);
    await page.getByLabel('Family name (optional)').fill(family);
    await submitAndLand(() => page.getByRole('button', { name: 'Upload font' }).click());
  };

  it('lists the built-in families and says when the account has none of its own', async () => {
    await page.goto(`${testApp.baseUrl}/app/fonts`);
    await page.getByRole('heading', { name: 'Your fonts' }).waitFor();
    await expect(page.getByText('No fonts uploaded yet.').count()).resolves.toBe(1);
    const builtin = await page.locator('table[aria-label="Built-in families"] tbody tr td:first-child').allTextContents();
    expect(builtin).toContain('Inter');
    expect(builtin).toContain('Noto Sans Arabic');
  });

  it('uploads a font with the form: listed with its face, size and date, usable by the API; a reload repeats nothing', async () => {
    await upload({ name: 'brand-bold.woff', mimeType: 'font/woff', buffer: fontFixtures.woff() }, 'Brand Sans');
    expect(await flashText()).toBe('Uploaded Brand Sans 700.');
    await expect(ownRows().count()).resolves.toBe(1);
    const cells = await ownRows().first().locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['Brand Sans', '700 normal', 'WOFF']);
    expect(cells[3]).toMatch(/^\d+ KB$/);
    expect(cells[4]).toBe(new Date().toISOString().slice(0, 10));
    const [family] = await accountFonts();
    expect(family).toMatchObject({ family: 'Brand Sans', faces: [{ weight: 700, style: 'normal' }] });
    await page.reload();
    await expect(flash().count()).resolves.toBe(0);
    await expect(ownRows().count()).resolves.toBe(1);
    // A second face of the same family: both listed.
    await upload({ name: 'brand-italic.woff2', mimeType: 'font/woff2', buffer: fontFixtures.woff2() }, 'Brand Sans');
    await expect(ownRows().count()).resolves.toBe(2);
    await page.screenshot({ path: join(DOCS, 'dashboard-fonts.png'), fullPage: true });
  });

  it('refuses what is not a font, a file over 10 MiB and a missing file with a flash, keeping nothing', async () => {
    await upload({ name: 'notes.ttf', mimeType: 'font/ttf', buffer: Buffer.from('this is not a font, just some text pretending') });
    expect(await flashText()).toMatch(/^Not a usable font/);
    await upload({ name: 'huge.ttf', mimeType: 'font/ttf', buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
    expect(await flashText()).toMatch(/at most 10485760 bytes \(10 MiB\); nothing was kept/);
    await expect(ownRows().count()).resolves.toBe(2);
    expect((await accountFonts())[0].faces).toHaveLength(2);
    // Without a file (the browser's `required` bypassed): the page says so.
    const csrf = await page.locator('form[action="/app/fonts"] input[name="_csrf"]').inputValue();
    // page.request shares the browser's cookies, so the flash it is answered with shows on the next page.
    const answer = await page.request.post(`${testApp.baseUrl}/app/fonts`, { multipart: { _csrf: csrf, family: 'Nothing' }, maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    await page.goto(`${testApp.baseUrl}/app/fonts`);
    expect(await flashText()).toMatch(/Choose a font file/);
  });

  it('replaces a face uploaded again (same family, weight and style) instead of adding a second', async () => {
    const before = (await accountFonts())[0].faces!.find((face) => face.weight === 700)!.id;
    await upload({ name: 'brand-bold-again.woff', mimeType: 'font/woff', buffer: fontFixtures.woff() }, 'Brand Sans');
    expect(await flashText()).toBe('Replaced Brand Sans 700: templates that use it draw the new file.');
    await expect(ownRows().count()).resolves.toBe(2);
    expect((await accountFonts())[0].faces!.find((face) => face.weight === 700)!.id).toBe(before);
  });

  it('refuses an upload without the CSRF token: nothing kept', async () => {
    const answer = await page.request.post(`${testApp.baseUrl}/app/fonts`, {
      multipart: { _csrf: 'wrong', family: 'Forged', file: { name: 'forged.ttf', mimeType: 'font/ttf', buffer: fontFixtures.ttf() } },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(403);
    expect((await accountFonts()).map((family) => family.family)).toEqual(['Brand Sans']);
  });

  it('deletes a face with its button (Post/Redirect/Get); another account’s font id is not found and stays', async () => {
    const theirs = await fetch(`${testApp.baseUrl}/api/fonts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.apiKey}` },
      body: fontForm(fontFixtures.ttf(), { family: 'Their Sans' }),
    });
    const theirId = ((await theirs.json()) as { id: string }).id;
    await page.goto(`${testApp.baseUrl}/app/fonts`);
    await submitAndLand(() => page.getByRole('button', { name: 'Delete Brand Sans 400 italic' }).click());
    expect(await flashText()).toBe('Deleted Brand Sans 400 italic: text in it now draws in the default family.');
    await expect(ownRows().count()).resolves.toBe(1);
    expect((await accountFonts())[0].faces!.map((face) => face.weight)).toEqual([700]);
    // The same form aimed at another account's font: refused as not found, their font kept.
    await page.locator('tr[data-font] form').evaluate((form, id) => form.setAttribute('action', `/app/fonts/${id}/delete`), theirId);
    await submitAndLand(() => page.getByRole('button', { name: 'Delete Brand Sans 700' }).click());
    expect(await flashText()).toBe(`Font ${theirId} not found`);
    expect((await accountFonts(other.apiKey)).map((family) => family.family)).toEqual(['Their Sans']);
    await expect(ownRows().count()).resolves.toBe(1);
  });
});
