/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { AccountsService } from '../src/accounts/accounts.service';
import { ApiKeysService } from '../src/accounts/api-keys.service';
import sharp from 'sharp';
import { uploadAsset } from './support/asset-fixtures';
import { launchChromium } from './support/chromium';
import { fontFixtures, fontForm } from './support/font-fixtures';
import { startTestApp, TestApp } from './support/test-app';

const ARTIFACTS = join(__dirname, '..', 'test-artifacts');
// Screenshots go to test-artifacts/ (git-ignored); UPDATE_DOCS=1 refreshes the committed ones under docs/.
const DOCS = join(__dirname, '..', process.env.UPDATE_DOCS === '1' ? 'docs' : 'test-artifacts');
const EMAIL = 'panel@example.com';

const card = {
  name: 'Panel card',
  width: 1200,
  height: 630,
  background: '#f8fafc',
  layers: [
    { name: 'title', type: 'text', x: 80, y: 80, width: 1040, height: 200, text: 'A panel that tells the truth', fontSize: 72, color: '#0f172a' },
    { name: 'brand', type: 'text', x: 80, y: 360, width: 800, height: 120, text: 'Brand', fontFamily: 'Brand Sans', fontSize: 60, color: '#1d4ed8' },
  ],
};

/** Issue 28's panel at 1280×720: grouped sections, the family's real faces, lang, styled runs; Use it one click away with copy buttons. */
describe('studio properties panel and Use it (1280×720)', () => {
  let testApp: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let apiKey: string;
  let templateId: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    mkdirSync(DOCS, { recursive: true });
    testApp = await startTestApp({ env: { PREVIEW_PER_MINUTE: '1000', RENDER_TIMEOUT: '60s' } });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: testApp.baseUrl });
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    page.on('pageerror', (error) => console.warn(`studio page error: ${error.message}`));
    await page.goto(`${testApp.baseUrl}/app/signup`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('a long passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/app/);
    const account = (await testApp.get(AccountsService).findByEmail(EMAIL))!;
    apiKey = (await testApp.get(ApiKeysService).create(account.id, 'test')).plainKey;
    // An uploaded family with two faces: 700 normal and 400 italic.
    for (const [bytes, name] of [
      [fontFixtures.woff(), 'brand-bold.woff'],
      [fontFixtures.woff2(), 'brand-italic.woff2'],
    ] as const) {
      const response = await fetch(`${testApp.baseUrl}/api/fonts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}` },
        body: fontForm(bytes, { family: 'Brand Sans' }, name),
      });
      expect(response.status).toBe(201);
    }
    const created = await testApp.request('POST', '/api/templates', { apiKey, body: card });
    expect(created.status).toBe(201);
    templateId = created.body.id;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const section = (id: string) => page.locator(`details[data-section="${id}"]`);
  const optionLabels = (label: string) => field(label).locator('option').allTextContents();
  const saved = async () => (await testApp.request('GET', `/api/templates/${templateId}`, { apiKey })).body;
  const save = async (version: number) => {
    await button('Save').click();
    await page.getByText(`v${version}`, { exact: true }).waitFor();
  };

  it('groups the fields into sections, position and size in a compact grid, and fits a 1280×720 screen far better than one long column', async () => {
    await page.goto(`${testApp.baseUrl}/app/templates/${templateId}`);
    await page.locator('[data-layer="title"]').click();
    const titles = await page.locator('.properties details > summary').allTextContents();
    expect(titles).toEqual(['Layer', 'Position and size', 'Content', 'Typography', 'Fill, stroke and shadow', 'Styled runs', 'More']);
    for (const label of ['X', 'Y', 'Width', 'Height', 'Rotation'])
      await expect(section('position').getByLabel(label, { exact: true }).count()).resolves.toBe(1);
    // X and Y side by side: a grid, not a column.
    const [x, y] = await Promise.all([field('X').boundingBox(), field('Y').boundingBox()]);
    expect(Math.abs(x!.y - y!.y)).toBeLessThan(2);
    expect(y!.x).toBeGreaterThan(x!.x + 50);
    await expect(section('spans').evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(false);
    await expect(section('typography').evaluate((element) => (element as HTMLDetailsElement).open)).resolves.toBe(true);
    // The shot shows position, content and typography together (the Layer section just above).
    await section('position').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.waitForFunction(
      () =>
        document.querySelector('.canvas')?.getAttribute('data-preview') === 'ready' &&
        document.querySelector<HTMLImageElement>('img.preview')?.complete === true,
    );
    await page.screenshot({ path: join(DOCS, 'studio-properties.png') });
    await page.locator('.properties').screenshot({ path: join(ARTIFACTS, 'studio-properties-full.png') });
    const height = await page.locator('.properties').evaluate((element) => element.scrollHeight);
    // The ungrouped panel was ~2,400 px for a text layer (issue 28); every section open, it is now about 1,500.
    expect(height).toBeLessThan(1600);
    // Collapsible by mouse: a section's fields go out of view and come back.
    await section('typography').locator('summary').click();
    await expect(field('Font size').isVisible()).resolves.toBe(false);
    await section('typography').locator('summary').click();
    await expect(field('Font size').isVisible()).resolves.toBe(true);
  });

  it('offers the chosen family’s real weights and styles: Inter’s nine weights, the uploaded family’s own faces', async () => {
    expect(await optionLabels('Font weight')).toEqual([
      '100 Thin',
      '200 Extra light',
      '300 Light',
      '400 Regular',
      '500 Medium',
      '600 Semibold',
      '700 Bold',
      '800 Extra bold',
      '900 Black',
    ]);
    expect(await field('Font weight').inputValue()).toBe('400');
    expect(await optionLabels('Font style')).toEqual(['Normal', 'Italic (synthesized oblique)']);
    await field('Font weight').selectOption('600');
    await page.locator('[data-layer="brand"]').click();
    expect(await field('Font family').inputValue()).toBe('Brand Sans');
    // Brand Sans has 700 and 400 italic; the layer's default weight (400) is one of them.
    expect(await optionLabels('Font weight')).toEqual(['400 Regular', '700 Bold']);
    expect(await optionLabels('Font style')).toEqual(['Normal', 'Italic']);
    await field('Font weight').selectOption('700');
    await field('Font style').selectOption('italic');
    await save(2);
    const body = await saved();
    expect(body.layers[0].fontWeight).toBe(600);
    expect(body.layers[1]).toMatchObject({ fontWeight: 700, fontStyle: 'italic' });
  });

  it('chooses lang from named tags, or types another one that is checked before it is applied', async () => {
    await page.locator('[data-layer="title"]').click();
    const options = await optionLabels('Lang');
    expect(options).toContain('Japanese (ja)');
    expect(options).toContain('Arabic (ar)');
    await field('Lang').selectOption('ja');
    await field('Lang').selectOption({ label: 'Other…' });
    await field('Other language tag').fill('not a tag!');
    await page.getByText('"not a tag!" is not a BCP 47 language tag', { exact: false }).waitFor();
    await save(3);
    expect((await saved()).layers[0].lang).toBe('ja');
    await field('Other language tag').fill('ar-eg');
    await expect(page.locator('.field.lang .field-error').count()).resolves.toBe(0);
    await save(4);
    expect((await saved()).layers[0].lang).toBe('ar-EG');
  });

  it('edits spans as styled runs: add, style, reorder and remove, never JSON', async () => {
    await section('spans').locator('summary').click();
    await expect(page.locator('.properties textarea[id*="spans"]').count()).resolves.toBe(0);
    await button('Add run').click();
    await button('Add run').click();
    await button('Add run').click();
    await field('Run 1 text').fill('Bold ');
    await field('Run 1 weight').selectOption('700');
    await field('Run 2 text').fill('and blue');
    await field('Run 2 color').fill('#1d4ed8');
    await field('Run 3 text').fill('gone');
    await field('Run 3 color').fill('blue-ish');
    await page.getByText('A colour like #1d4ed8').waitFor();
    await button('Remove run 3').click();
    await button('Move run 2 up').click();
    expect(await field('Run 1 text').inputValue()).toBe('and blue');
    await page.locator('[data-run="0"]').screenshot({ path: join(ARTIFACTS, 'studio-runs.png') });
    await save(5);
    expect((await saved()).layers[0].spans).toEqual([
      { text: 'and blue', color: '#1d4ed8' },
      { text: 'Bold ', fontWeight: 700 },
    ]);
    await page.locator('.properties').screenshot({ path: join(ARTIFACTS, 'studio-properties-runs.png') });
  });

  it('reaches Use it in one click from anywhere, and copies the curl, the URL and the id to the clipboard', async () => {
    await page.locator('[data-layer="title"]').click();
    const panel = page.locator('#use-it');
    const inView = () => panel.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight && element.getBoundingClientRect().bottom > 0);
    expect(await inView()).toBe(false);
    await button('Use it').click();
    await page.waitForFunction(
      () => {
        const box = document.getElementById('use-it')!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      },
      undefined,
      { timeout: 5000 },
    );
    expect(await panel.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.waitForFunction(() => (document.getElementById('use-it-url') as HTMLInputElement).value !== '');
    const copies: Array<[string, string]> = [
      ['Copy curl command', 'POST /api/generate'],
      ['Copy render URL', 'GET /api/render URL'],
      ['Copy template id', 'Template id'],
    ];
    for (const [name, label] of copies) {
      await button(name).click();
      await panel.getByRole('status').filter({ hasText: 'Copied' }).first().waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await field(label).inputValue());
    }
    expect(await field('Template id').inputValue()).toBe(templateId);
    await page.screenshot({ path: join(DOCS, 'studio-use-it.png') });
  });

  it('shows each asset in the Assets panel as a thumbnail drawn from its own bytes', async () => {
    const png = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#dc2626' } })
      .png()
      .toBuffer();
    const uploaded = await uploadAsset(testApp, apiKey, png, 'red.png');
    expect(uploaded.status).toBe(201);
    await page.goto(`${testApp.baseUrl}/app/templates/${templateId}`);
    const thumbnail = page.locator(`[data-asset="${uploaded.body.id}"] img[data-thumbnail="ready"]`);
    await thumbnail.waitFor();
    expect(await thumbnail.getAttribute('alt')).toBe('300×150 PNG');
    const shown = await thumbnail.evaluate((image: HTMLImageElement) => {
      const board = document.createElement('canvas');
      board.width = image.naturalWidth;
      board.height = image.naturalHeight;
      const context = board.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return { width: image.naturalWidth, height: image.naturalHeight, centre: Array.from(context.getImageData(board.width / 2, board.height / 2, 1, 1).data) };
    });
    expect([shown.width, shown.height]).toEqual([160, 80]);
    expect(shown.centre[0]).toBeGreaterThan(180);
    expect(shown.centre[1]).toBeLessThan(80);
    await page.locator('.assets').screenshot({ path: join(ARTIFACTS, 'studio-asset-thumbnails.png') });
  });

  it('says Use it needs a save on a new template', async () => {
    await page.goto(`${testApp.baseUrl}/app/templates/new`);
    await button('Use it').click();
    await page.getByText('Save the template first').waitFor();
    await expect(page.getByRole('button', { name: 'Copy curl command' }).count()).resolves.toBe(0);
  });
});
