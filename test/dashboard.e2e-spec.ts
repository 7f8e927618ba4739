/// <reference lib="dom" />
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { sampleTemplate } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { startTestApp, TestApp } from './support/test-app';

const ARTIFACTS = join(__dirname, '..', 'test-artifacts');

function verifies(secret: string, header: string, body: Buffer): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  return createHmac('sha256', secret).update(`${parts.t}.`).update(body).digest('hex') === parts.v1;
}

describe('dashboard at /app in a real browser', () => {
  let testApp: TestApp;
  let browser: Browser;
  let page: Page;
  let receiver: HttpFixtureServer;
  let receiverUrl: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    receiver = new HttpFixtureServer().route('/hook', (_request, response) => response.writeHead(204).end());
    receiverUrl = await receiver.start();
    testApp = await startTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
    await receiver?.stop();
  });

  const api = (method: string, path: string, apiKey: string, body?: unknown) => testApp.request(method, path, { apiKey, body });

  it('signs up, manages keys and secrets, shows usage and deliveries', async () => {
    await page.goto(`${testApp.baseUrl}/app`);
    expect(page.url()).toBe(`${testApp.baseUrl}/app/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill('designer@example.com');
    await page.getByLabel('Password').fill('a long passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'API keys', exact: true }).waitFor();

    const sessionCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'pictor_session')!;
    // Path / so the studio can call the API with it (always with the CSRF header as well).
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // Create a key from the keyboard: type the name, press Enter.
    await page.getByLabel('New key name').fill('Production');
    await page.getByLabel('New key name').press('Enter');
    const apiKey = (await page.locator('#revealed-secret').textContent())!.trim();
    expect(apiKey).toMatch(/^sk_[0-9A-Za-z]{40}$/);
    // Post/Redirect/Get: the answer was a redirect to a page a GET loads again, and reloading it neither
    // repeats the POST nor shows the secret again.
    expect(page.url()).toBe(`${testApp.baseUrl}/app`);
    await page.reload();
    await page.getByRole('heading', { name: 'API keys', exact: true }).waitFor();
    expect(await page.locator('#revealed-secret').count()).toBe(0);
    expect(await page.getByRole('row', { name: /Production/ }).count()).toBe(1);
    await expect(page.getByRole('row', { name: /Production/ }).textContent()).resolves.toContain(apiKey.slice(0, 8));

    // The key works against the API, and the usage bar moves after a render.
    const template = await api('POST', '/api/templates', apiKey, sampleTemplate());
    expect(template.status).toBe(201);
    const render = await api('POST', '/api/generate', apiKey, { templateId: template.body.id, layers: { title: { text: 'From the dashboard' } } });
    expect(render.status).toBe(200);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Usage' }).click();
    expect(page.url()).toBe(`${testApp.baseUrl}/app/usage`);
    expect(await page.locator('#usage-count').textContent()).toBe('1');
    expect(await page.getByRole('progressbar', { name: 'Generations used' }).getAttribute('aria-valuenow')).toBe('1');

    // Generate, then rotate, the webhook secret; a delivery verifies with the new one only.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Generate webhook secret' }).click();
    const first = (await page.locator('#revealed-secret').textContent())!.trim();
    expect(first).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Rotate webhook secret' }).click();
    const second = (await page.locator('#revealed-secret').textContent())!.trim();
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    expect(await page.locator('.reveal .warning').textContent()).toContain('stopped working');
    const hooked = await api('POST', '/api/hooks/render', apiKey, { templateId: template.body.id, layers: {}, webhookUrl: `${receiverUrl}/hook` });
    expect(hooked.status).toBe(200);
    for (let waited = 0; receiver.requests.length === 0 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    const [delivery] = receiver.requests;
    expect(verifies(second, delivery.headers['x-service-signature'] as string, delivery.body)).toBe(true);
    expect(verifies(first, delivery.headers['x-service-signature'] as string, delivery.body)).toBe(false);

    await page.getByRole('button', { name: 'Generate URL-signing secret' }).click();
    expect((await page.locator('#revealed-secret').textContent())!.trim()).toMatch(/^ussec_/);

    await page.goto(`${testApp.baseUrl}/app/deliveries`);
    await expect(page.locator('td.succeeded').first().textContent()).resolves.toContain('succeeded');
    await page.goto(`${testApp.baseUrl}/app`);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard.png'), fullPage: true });

    // Revoke (the confirmation dialog is accepted): the key stops working at once.
    await page.getByRole('button', { name: 'Revoke key Production' }).click();
    await page.getByText('was revoked').waitFor();
    // The notice is a one-time flash: a reload shows the page without it (and revokes nothing again).
    await page.reload();
    expect(await page.getByText('was revoked').count()).toBe(0);
    const refused = await api('GET', '/api/templates', apiKey);
    expect(refused.status).toBe(401);

    // Phone width: nothing wider than the window.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${testApp.baseUrl}/app`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
    await page.screenshot({ path: join(ARTIFACTS, 'dashboard-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);

  it('refuses state changes without the CSRF token', async () => {
    const context = page.context();
    const noToken = await context.request.post(`${testApp.baseUrl}/app/keys`, { form: { name: 'sneaky' }, maxRedirects: 0 });
    expect(noToken.status()).toBe(403);
    expect(await noToken.json()).toMatchObject({ code: 'csrf_invalid' });
    const wrongToken = await context.request.post(`${testApp.baseUrl}/app/webhook-secret`, { form: { _csrf: 'forged' }, maxRedirects: 0 });
    expect(wrongToken.status()).toBe(403);
    await page.goto(`${testApp.baseUrl}/app`);
    expect(await page.getByRole('row', { name: /sneaky/ }).count()).toBe(0);
  });

  it('signs out, refuses a wrong password, and signs back in', async () => {
    await page.goto(`${testApp.baseUrl}/app`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(page.url()).toBe(`${testApp.baseUrl}/app/login`);
    await page.goto(`${testApp.baseUrl}/app`);
    expect(page.url()).toBe(`${testApp.baseUrl}/app/login`);

    await page.getByLabel('Email').fill('designer@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('incorrect');

    await page.getByLabel('Password').fill('a long passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'API keys', exact: true }).waitFor();
  });

  it('rate-limits sign-in attempts per email', async () => {
    const attempt = async () => {
      const form = await testApp.request('GET', '/app/login');
      const cookie = /pictor_form=([^;]+)/.exec(form.headers.get('set-cookie')!)![1];
      const token = /name="_csrf" value="([^"]+)"/.exec(form.text)![1];
      const response = await testApp.request('POST', '/app/login', {
        rawBody: new URLSearchParams({ _csrf: token, email: 'target@example.com', password: 'guess' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `pictor_form=${cookie}` },
      });
      return response.status;
    };
    const statuses = [];
    for (let index = 0; index < 11; index++) statuses.push(await attempt());
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});
