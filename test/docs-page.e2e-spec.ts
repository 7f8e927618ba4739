/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { startTestApp, TestApp } from './support/test-app';

const ARTIFACTS = join(__dirname, '..', 'test-artifacts');

describe('GET /api/docs in a real browser', () => {
  let testApp: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    testApp = await startTestApp();
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('shows every endpoint from the document, loading nothing from outside the server, under its CSP', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (answer) => {
      if (answer.status() >= 400) problems.push(`${answer.status()} ${answer.url()}`);
    });

    const response = await page.goto(`${testApp.baseUrl}/api/docs`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText('/api/generate', { exact: true }).first().waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(ARTIFACTS, 'docs-page.png'), fullPage: false });

    const document = (await testApp.request('GET', '/api/openapi.json')).body;
    const shownPaths = await page.locator('.opblock-summary-path').allTextContents();
    const normalized = shownPaths.map((text) => text.replace(/\u200b/g, '').trim());
    for (const path of Object.keys(document.paths)) expect(normalized).toContain(path);
    await expect(
      page
        .getByRole('heading', { name: /Pictor/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true);

    expect(requested.length).toBeGreaterThan(3);
    expect(requested.filter((url) => new URL(url).hostname !== '127.0.0.1' && !url.startsWith('data:'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('serves only the assets the page needs (others 404 in the JSON error shape)', async () => {
    const css = await testApp.request('GET', '/api/docs/assets/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    const missing = await testApp.request('GET', '/api/docs/assets/index.html');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, code: 'docs_asset_not_found' });
    expect((await testApp.request('GET', '/api/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });
});
