/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { startTestApp, TestApp } from './support/test-app';

const ARTIFACTS = join(__dirname, '..', 'test-artifacts');
// Screenshots go to test-artifacts/ (git-ignored); UPDATE_DOCS=1 refreshes the committed ones under docs/.
const DOCS = join(__dirname, '..', process.env.UPDATE_DOCS === '1' ? 'docs' : 'test-artifacts');

interface Received {
  origin: string;
  data: { type: string; [field: string]: unknown };
}

/** A customer's page: frames `?src=` and records every message it receives (with its origin). */
const HOST_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Customer app</title>
<style>body{margin:0;font:15px system-ui;background:#eef2f7}header{padding:.6rem 1rem;background:#312e81;color:#fff}iframe{display:block;width:100%;height:760px;border:0;background:#fff}</style></head>
<body><header>Acme Social · your post image</header><iframe id="pictor" title="Image editor"></iframe>
<script>
window.received = [];
addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
document.getElementById('pictor').src = new URLSearchParams(location.search).get('src');
</script></body></html>`;

/** A page of another origin inside the customer's page that tries to drive the embed (a forged message). */
const FORGER_PAGE = `<!doctype html><script>
parent.frames[0].postMessage({ type: 'pictor:set-values', layers: { title: { text: 'FORGED' } } }, '*');
</script>`;

/** §23 in a real browser: frame-ancestors, the events and their origins, form and design mode, the README snippet. */
jest.setTimeout(60_000);

describe('the embed in chromium, framed by a customer page', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;
  let browser: Browser;
  let context: BrowserContext;
  let allowedHost: HttpFixtureServer;
  let otherHost: HttpFixtureServer;
  /** The allowed customer origin (localhost) and a refused one (127.0.0.1): two origins of this machine. */
  let allowedOrigin: string;
  let refusedOrigin: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    mkdirSync(DOCS, { recursive: true });
    testApp = await startTestApp({ env: { PREVIEW_PER_MINUTE: '1000' } });
    owner = await createAccount(testApp, { plan: 'pro' });
    templateId = await createTemplate(testApp, owner.apiKey, { name: 'Post image' });
    const serve = (body: string) => (_request: unknown, response: import('node:http').ServerResponse) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    allowedHost = new HttpFixtureServer().route('/host.html', serve(HOST_PAGE)).route('/forger.html', serve(FORGER_PAGE));
    allowedOrigin = (await allowedHost.start()).replace('127.0.0.1', 'localhost');
    otherHost = new HttpFixtureServer().route('/host.html', serve(HOST_PAGE)).route('/forger.html', serve(FORGER_PAGE));
    refusedOrigin = await otherHost.start();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1360, height: 820 } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await allowedHost?.stop();
    await otherHost?.stop();
    await testApp?.close();
  });

  const embedUrl = async (body: Record<string, unknown>) => {
    const response = await testApp.request('POST', '/api/editor-sessions', {
      apiKey: owner.apiKey,
      body: { templateId, allowedOrigins: [allowedOrigin], ...body },
    });
    expect(response.status).toBe(201);
    // PUBLIC_BASE_URL is http://pictor.test in tests; the browser reaches the app at its real address.
    return { id: response.body.id as string, url: response.body.url.replace('http://pictor.test', testApp.baseUrl) as string };
  };
  const openHost = async (origin: string, src: string): Promise<Page> => {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.warn(`host page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().includes('/embed/'))
        console.warn(`embed request answered ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
    await page.goto(`${origin}/host.html?src=${encodeURIComponent(src)}`);
    return page;
  };
  // Playwright's pointer clicks do not reach this chromium's out-of-process (cross-site) frames: buttons are
  // clicked with a click event, which runs the same handlers; typing goes through the keyboard as usual.
  /** Retries `read` until it answers `expected` (the page renders asynchronously). */
  const eventually = async <T>(read: () => Promise<T>, matches: (value: T) => boolean): Promise<T> => {
    let value = await read();
    for (let attempt = 0; attempt < 100 && !matches(value); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      value = await read();
    }
    return value;
  };
  const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);
  const waitForEvent = (page: Page, type: string) =>
    page.waitForFunction((wanted) => (window as unknown as { received: Received[] }).received.some((message) => message.data?.type === wanted), type);
  const used = async () => (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used as number;

  it('form mode: framed by the allowed origin, a live preview, Render billed to the owner, events to that origin only', async () => {
    const { url } = await embedUrl({ mode: 'form', permissions: { layers: ['title', 'avatar'] } });
    const page = await openHost(allowedOrigin, url);
    await waitForEvent(page, 'pictor:ready');
    const frame = page.frameLocator('#pictor');
    // One field per permitted layer: the badge (not permitted) has none.
    await frame.getByLabel('title', { exact: true }).waitFor();
    expect(await frame.getByLabel('badge', { exact: true }).count()).toBe(0);
    expect(await frame.getByLabel('avatar', { exact: true }).getAttribute('type')).toBe('url');
    await frame.getByLabel('title', { exact: true }).fill('Summer sale: 30% off');
    await frame.locator('figure[data-preview="ready"] img.preview').waitFor();

    // The parent may prefill (pictor:set-values); a page of another origin inside it may not.
    await page.evaluate((src) => {
      const forger = document.createElement('iframe');
      forger.src = src;
      document.body.append(forger);
      return new Promise((resolve) => forger.addEventListener('load', resolve));
    }, `${refusedOrigin}/forger.html`);
    await page.waitForTimeout(300);
    expect(await frame.getByLabel('title', { exact: true }).inputValue()).toBe('Summer sale: 30% off');
    const pictorOrigin = new URL(testApp.baseUrl).origin;
    await page.evaluate(
      (target) =>
        document
          .querySelector('iframe')!
          .contentWindow!.postMessage({ type: 'pictor:set-values', layers: { title: { text: 'Prefilled by the parent' } } }, target),
      pictorOrigin,
    );
    const title = () => frame.getByLabel('title', { exact: true }).inputValue();
    expect(await eventually(title, (value) => value === 'Prefilled by the parent')).toBe('Prefilled by the parent');

    await frame.getByLabel('title', { exact: true }).fill('Summer sale: 30% off');
    await frame.locator('figure[data-preview="ready"] img.preview').waitFor();
    const before = await used();
    await frame.getByRole('button', { name: 'Render' }).dispatchEvent('click');
    await waitForEvent(page, 'pictor:rendered');
    const status = frame.getByRole('status');
    expect(
      await eventually(
        () => status.textContent(),
        (text) => /\/api\/images\/generated\//.test(text ?? ''),
      ),
    ).toMatch(/\/api\/images\/generated\//);
    expect(await used()).toBe(before + 1);
    const events = await received(page);
    expect(events.map((event) => event.data.type)).toEqual(['pictor:ready', 'pictor:rendered']);
    for (const event of events) expect(event.origin).toBe(pictorOrigin);
    expect(events[1].data.imageUrl).toMatch(/^http:\/\/pictor\.test\/api\/images\/generated\/[\w-]+\.png$/);
    await page.screenshot({ path: join(DOCS, 'embed-form.png') });
    await page.close();
  });

  it('is refused by the browser when a page of another origin frames it (frame-ancestors)', async () => {
    const { url } = await embedUrl({ mode: 'form' });
    const page = await openHost(refusedOrigin, url);
    const refusals: string[] = [];
    page.on('console', (message) => refusals.push(message.text()));
    await page.reload();
    await page.waitForTimeout(1_500);
    expect(await received(page)).toEqual([]);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    expect(frame.url()).not.toContain('/embed/');
    expect(refusals.join('\n')).toMatch(/frame-ancestors/);
    await page.close();
  });

  it('design mode: the same studio, without account chrome, saving tells the parent', async () => {
    const { id, url } = await embedUrl({ mode: 'design', permissions: { uploadFonts: false } });
    const page = await openHost(allowedOrigin, url);
    await waitForEvent(page, 'pictor:ready');
    const frame = page.frameLocator('#pictor');
    const canvas = frame.getByRole('application', { name: 'Template canvas' });
    await canvas.locator('[data-layer="title"]').waitFor();
    await frame.locator('.canvas[data-preview="ready"]').waitFor();
    expect(await frame.getByRole('link', { name: /Templates/ }).count()).toBe(0);
    expect(await frame.getByText('Use it').count()).toBe(0);
    expect(await frame.getByText('Upload font').count()).toBe(0);
    expect(await frame.getByLabel('Public render').isVisible()).toBe(false);
    await frame.getByRole('button', { name: 'Add rectangle' }).dispatchEvent('click');
    await canvas.locator('[data-layer="rect"]').waitFor();
    await frame.getByRole('button', { name: 'Save' }).dispatchEvent('click');
    await waitForEvent(page, 'pictor:saved');
    const saved = (await received(page)).find((event) => event.data.type === 'pictor:saved')!;
    expect(saved).toEqual({ origin: new URL(testApp.baseUrl).origin, data: { type: 'pictor:saved', templateId, version: 2 } });
    const template = (await testApp.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey })).body;
    expect(template.layers.map((layer: { name: string }) => layer.name)).toContain('rect');
    await frame.locator('.canvas[data-preview="ready"]').waitFor();
    await page.screenshot({ path: join(DOCS, 'embed-studio.png') });

    // Revoked: the page, loaded again, says so; the studio's calls are refused.
    expect((await testApp.request('DELETE', `/api/editor-sessions/${id}`, { apiKey: owner.apiKey })).status).toBe(204);
    await page.reload();
    await page.frameLocator('#pictor').getByText('This editor session was revoked').waitFor();
    await page.close();
  });

  it('design mode without addLayers or save shows neither', async () => {
    const { url } = await embedUrl({ mode: 'design', permissions: { addLayers: false, save: false } });
    const page = await openHost(allowedOrigin, url);
    await waitForEvent(page, 'pictor:ready');
    const frame = page.frameLocator('#pictor');
    await frame.getByRole('application', { name: 'Template canvas' }).locator('[data-layer="title"]').waitFor();
    expect(await frame.getByRole('button', { name: /^Add / }).count()).toBe(0);
    expect(await frame.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.close();
  });

  it("the README's snippet, pasted into a page of another origin, opens the editor", async () => {
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Embed the editor'));
    const snippet = /```html\n([\s\S]*?)```/.exec(section)![1];
    // The customer's backend: asks Pictor for a session with its key, answers {"url"} to its own page.
    const customer = new HttpFixtureServer()
      .route('/', (_request, response) =>
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Customer</title>${snippet}`),
      )
      .route('/editor-session', (_request, response) => {
        void embedUrl({ mode: 'form', allowedOrigins: [customerOrigin] }).then(({ url }) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url })),
        );
      });
    const customerOrigin = (await customer.start()).replace('127.0.0.1', 'localhost');
    try {
      const page = await context.newPage();
      const logged: string[] = [];
      page.on('console', (message) => logged.push(message.text()));
      await page.goto(`${customerOrigin}/`);
      const frame = page.frameLocator('iframe');
      await frame.getByLabel('title', { exact: true }).fill('From the README');
      await frame.getByRole('button', { name: 'Render' }).dispatchEvent('click');
      const rendered = /pictor:rendered http:\/\/pictor\.test\/api\/images\/generated\//;
      expect(
        await eventually(
          () => Promise.resolve(logged.join('\n')),
          (text) => rendered.test(text),
        ),
      ).toMatch(rendered);
      await page.close();
    } finally {
      await customer.stop();
    }
  });
});
