/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Page } from 'playwright-core';
import sharp from 'sharp';
import { startStudioBrowser, StudioBrowser, studioPage } from './support/studio-browser';
import type { TestApp } from './support/test-app';

const ARTIFACTS = join(__dirname, '..', 'test-artifacts');
// Screenshots go to test-artifacts/ (git-ignored); UPDATE_DOCS=1 refreshes the committed ones under docs/.
const DOCS = join(__dirname, '..', process.env.UPDATE_DOCS === '1' ? 'docs' : 'test-artifacts');
const EMAIL = 'designer@example.com';

const rect = (name: string, x: number, y: number, width: number, height: number, fill: string) => ({ name, type: 'rect', x, y, width, height, fill });

/** §23's studio bullet and §24 at 1280×720, by mouse and keyboard: warnings, placeholder, zoom and fit, multi-select, align, distribute, duplicate. */
describe('studio as a design tool (1280×720)', () => {
  let studio: StudioBrowser;
  let testApp: TestApp;
  let page: Page;
  let apiKey: string;
  let ui: ReturnType<typeof studioPage>;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    mkdirSync(DOCS, { recursive: true });
    // The shared set-up gives a generous render budget: the first drawings load the fonts into cold workers on a busy machine.
    studio = await startStudioBrowser(EMAIL);
    ({ testApp, page, apiKey } = studio);
    ui = studioPage(page);
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  const canvasSize = () => ui.canvas().evaluate((element) => ({ width: element.clientWidth, height: element.clientHeight }));
  const frameSize = () => page.locator('.canvas-frame').evaluate((element) => ({ width: element.clientWidth, height: element.clientHeight }));
  let currentId = '';

  async function open(body: Record<string, unknown>): Promise<void> {
    const created = await testApp.request('POST', '/api/templates', { apiKey, body });
    expect(created.status).toBe(201);
    currentId = created.body.id;
    await page.goto(`${testApp.baseUrl}/app/templates/${currentId}`);
    await ui.canvas().waitFor();
    await ui.previewSettled();
  }

  it('shows the preview’s warnings beside the canvas, and an empty image layer as a placeholder in the editor only', async () => {
    await open({
      name: 'Warned',
      width: 1200,
      height: 630,
      background: '#ffffff',
      layers: [
        {
          name: 'title',
          type: 'text',
          x: 40,
          y: 40,
          width: 300,
          height: 60,
          text: 'A headline far too long for its little box. '.repeat(4),
          fontSize: 48,
          maxLines: 1,
          color: '#0f172a',
        },
        { name: 'photo', type: 'image', x: 700, y: 200, width: 300, height: 300, imageUrl: null },
      ],
    });
    const warnings = page.getByRole('region', { name: 'Preview warnings' });
    await warnings.getByText('text_truncated').waitFor();
    expect(await warnings.locator('li').count()).toBe(1);
    await expect(ui.canvas().locator('[data-layer="photo"].placeholder').getByText('Image').isVisible()).resolves.toBe(true);
    // The warning names its layer: a click selects it.
    await warnings.getByRole('button', { name: 'title' }).click();
    await ui.expectFields(['Layer name'], ['title']);
    await page.screenshot({ path: join(DOCS, 'studio-warnings.png') });

    // Fixed in place: the warning goes away with the next preview; the placeholder never reaches a render.
    await ui.field('Max lines').fill('');
    await ui.field('Text').fill('Short');
    await page.waitForFunction(() => document.querySelector('[aria-label="Preview warnings"]') === null);
    await ui.button('Save').click();
    await page.locator('.version').getByText('v2').waitFor();
    const rendered = await testApp.request('POST', '/api/generate', { apiKey, body: { templateId: currentId, layers: {} } });
    expect(rendered.body.warnings ?? []).toEqual([]);
  });

  it('fits a portrait 1080×1920 story in both directions, zooms by buttons, Ctrl+= / Ctrl+- and Ctrl+wheel', async () => {
    await open({ name: 'Story', width: 1080, height: 1920, background: '#1e293b', layers: [rect('band', 0, 800, 1080, 320, '#f59e0b')] });
    const frame = await frameSize();
    const fitted = await canvasSize();
    expect(fitted.height).toBeLessThanOrEqual(frame.height);
    expect(fitted.width).toBeLessThanOrEqual(frame.width);
    expect(fitted.height).toBeGreaterThan(frame.height * 0.8);
    await page.screenshot({ path: join(DOCS, 'studio-fit-portrait.png') });

    await ui.button('Zoom in').click();
    const zoomedIn = await canvasSize();
    expect(zoomedIn.height).toBeGreaterThan(fitted.height);
    await ui.button('Zoom out').click();
    await page.waitForFunction((before) => document.querySelector('.canvas')!.clientHeight < before, zoomedIn.height);
    await ui.button('Fit').click();
    expect(await canvasSize()).toEqual(fitted);
    await ui.canvas().focus();
    await page.keyboard.press('Control+=');
    await page.keyboard.press('Control+=');
    const zoomed = await canvasSize();
    expect(zoomed.height).toBeGreaterThan(fitted.height);
    await page.keyboard.press('Control+-');
    expect((await canvasSize()).height).toBeLessThan(zoomed.height);
    await page.locator('.canvas-frame').hover();
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 300);
    await page.keyboard.up('Control');
    await page.waitForFunction((before) => document.querySelector('.canvas')!.clientHeight < before, zoomed.height);
    // Zoomed past 100 %: the server draws the preview at the displayed size, so it stays sharp.
    await ui.button('Fit').click();
    for (let step = 0; step < 6; step++) await ui.button('Zoom in').click();
    await ui.previewSettled();
    const natural = await page.locator('img.preview').evaluate((image) => (image as HTMLImageElement).naturalWidth);
    expect(natural).toBeGreaterThanOrEqual(1080);
    await ui.button('Fit').click();
  });

  it('selects several layers with Shift+click, aligns and distributes them, and duplicates with Ctrl+D', async () => {
    await open({
      name: 'Arrange',
      width: 1200,
      height: 630,
      background: '#f8fafc',
      layers: [rect('a', 40, 60, 120, 80, '#ef4444'), rect('b', 420, 200, 200, 120, '#22c55e'), rect('c', 900, 120, 160, 60, '#3b82f6')],
    });
    await ui.button('Save').focus();
    await ui.canvas().locator('[data-layer="a"]').click();
    await ui
      .canvas()
      .locator('[data-layer="b"]')
      .click({ modifiers: ['Shift'] });
    await ui
      .canvas()
      .locator('[data-layer="c"]')
      .click({ modifiers: ['Shift'] });
    await page.getByText('3 layers selected').waitFor();
    await ui.button('Align top').click();
    await ui.button('Distribute horizontally').click();
    await page.screenshot({ path: join(DOCS, 'studio-arrange.png') });
    // The keyboard nudges the whole selection.
    await ui.canvas().focus();
    await page.keyboard.press('ArrowDown');
    await ui.button('Save').click();
    await page.locator('.version').getByText('v2').waitFor();
    const saved = (await testApp.request('GET', `/api/templates/${currentId}`, { apiKey })).body;
    // Tops aligned to 60, then down 1; a ends at 160, c starts at 900: (740 - 200) / 2 = 270 gaps, so b at 430.
    expect(saved.layers.map(({ name, x, y }: { name: string; x: number; y: number }) => [name, x, y])).toEqual([
      ['a', 40, 61],
      ['b', 430, 61],
      ['c', 900, 61],
    ]);

    // One layer aligns to the canvas; Ctrl+D duplicates under a new name, where it can be seen.
    await page.keyboard.press('Escape');
    await ui.canvas().locator('[data-layer="b"]').click();
    await ui.button('Align centre').click();
    await ui.expectFields(['X'], ['500']);
    await page.keyboard.press('Control+d');
    await ui.canvas().locator('[data-layer="b-2"]').waitFor();
    await ui.expectFields(['Layer name', 'X', 'Y'], ['b-2', '524', '85']);
    await ui.button('Duplicate').click();
    await ui.expectFields(['Layer name'], ['b-3']);
    await ui.canvas().focus();
    await page.keyboard.press('Delete');
    await page.waitForFunction(() => document.querySelector('[data-layer="b-3"]') === null);
  });

  it('starts a new template from a size preset or a designed starter (the ticket with its barcode), saved as shown', async () => {
    await page.goto(`${testApp.baseUrl}/app/templates/new`);
    await ui.canvas().waitFor();
    const start = page.getByRole('region', { name: 'Start from' });
    await start.getByRole('button', { name: 'Story 1080×1920' }).waitFor();
    await page.screenshot({ path: join(DOCS, 'studio-start.png') });
    await start.getByRole('button', { name: 'Story 1080×1920' }).click();
    await ui.expectFields(['Template width', 'Template height'], ['1080', '1920']);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Add text' }).click();
    await ui.canvas().locator('[data-layer="text"]').waitFor();
    expect(await start.count()).toBe(0);

    await page.goto(`${testApp.baseUrl}/app/templates/new`);
    await page.getByRole('region', { name: 'Start from' }).getByRole('button', { name: 'Event ticket' }).click();
    await ui.canvas().locator('[data-layer="barcode"]').waitFor();
    await ui.expectFields(['Name', 'Template width', 'Template height'], ['Event ticket', '1200', '480']);
    await ui.previewSettled();
    expect(await page.getByRole('region', { name: 'Preview warnings' }).count()).toBe(0);
    await page.screenshot({ path: join(DOCS, 'studio-starter-ticket.png') });
    await ui.button('Save').click();
    await page.locator('.version').getByText('v1').waitFor();
    const list = (await testApp.request('GET', '/api/templates', { apiKey })).body;
    expect(list.data.map((template: { name: string }) => template.name)).toContain('Event ticket');
  });

  /** Drops a file on the canvas at (x, y) screen pixels from its top left, as a desktop drag would. */
  async function dropFile(name: string, type: string, bytes: Buffer, x: number, y: number): Promise<void> {
    const box = (await ui.canvas().boundingBox())!;
    const transfer = await page.evaluateHandle(
      ({ name, type, base64 }) => {
        const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([data], name, { type }));
        return transfer;
      },
      { name, type, base64: bytes.toString('base64') },
    );
    const at = { clientX: box.x + x, clientY: box.y + y };
    await page.locator('.canvas-frame').dispatchEvent('dragover', { dataTransfer: transfer, ...at });
    await page.locator('.canvas-frame').dispatchEvent('drop', { dataTransfer: transfer, ...at });
  }

  it('keeps images as assets: upload, use, drop on the canvas at the drop point, refuse what is not an image, delete', async () => {
    await open({ name: 'With logo', width: 1200, height: 630, background: '#ffffff', layers: [] });
    const panel = page.getByRole('region', { name: 'Assets' });
    const red = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#dc2626' } })
      .png()
      .toBuffer();
    await panel.getByLabel('Upload image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: red });
    await panel.getByText('Uploaded logo.png.').waitFor();
    await panel.getByText('300×150 PNG').waitFor();
    await panel.getByRole('button', { name: /^Use image/ }).click();
    await ui.canvas().locator('[data-layer="image"]').waitFor();
    await expect(ui.field('Image URL').inputValue()).resolves.toMatch(/^asset:ast_/);

    // Refused in place: an SVG from the picker, a text file dropped on the canvas; nothing added.
    await panel.getByLabel('Upload image').setInputFiles({
      name: 'evil.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await panel.getByText('evil.svg is not a PNG, JPEG, WebP, AVIF or GIF image.').waitFor();
    await dropFile('notes.txt', 'text/plain', Buffer.from('hello'), 100, 100);
    await page.getByText('notes.txt is not an image the canvas takes').waitFor();
    const truncated = red.subarray(0, red.length - 30);
    await dropFile('broken.png', 'image/png', truncated, 100, 100);
    await page.getByText(/broken\.png: Not a usable image: the PNG data is damaged or truncated; nothing was added\./).waitFor();
    expect(await ui.canvas().locator('.layer').count()).toBe(1);

    // A real image dropped at three quarters across lands centred there.
    const scale = Number(await ui.canvas().getAttribute('data-scale'));
    const blue = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    await dropFile('badge.png', 'image/png', blue, 900 * scale, 300 * scale);
    await ui.canvas().locator('[data-layer="image-2"]').waitFor();
    await ui.expectFields(['Layer name', 'Width', 'Height'], ['image-2', '200', '200']);
    // Centred on the drop point, within the pixel the screen-to-design rounding may move it.
    for (const [label, expected] of [
      ['X', 800],
      ['Y', 200],
    ] as const)
      expect(Math.abs(Number(await ui.field(label).inputValue()) - expected)).toBeLessThanOrEqual(1);
    await ui.previewSettled();
    expect(await page.getByRole('region', { name: 'Preview warnings' }).count()).toBe(0);
    await page.screenshot({ path: join(DOCS, 'studio-assets.png') });
    await ui.button('Save').click();
    await page.locator('.version').getByText('v2').waitFor();
    const rendered = await testApp.request('POST', '/api/generate', { apiKey, body: { templateId: currentId, layers: {} } });
    const image = await testApp.request('GET', new URL(rendered.body.imageUrl).pathname);
    const { data } = await sharp(image.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    expect(pixel(900, 300)).toEqual([37, 99, 235]);
    expect(pixel(600, 315)).toEqual([220, 38, 38]);

    // Deleted from the panel: gone from the list (and from the account).
    await panel
      .getByRole('button', { name: /^Delete image/ })
      .first()
      .click();
    await panel.getByText('Image deleted.').waitFor();
    expect((await testApp.request('GET', '/api/assets', { apiKey })).body.data).toHaveLength(1);
  });

  it('lands new layers where they are visible and not on top of each other', async () => {
    await open({ name: 'Adding', width: 1200, height: 630, background: '#ffffff', layers: [] });
    for (let count = 0; count < 3; count++) await ui.button('Add rectangle').click();
    await ui.canvas().locator('[data-layer="rect-3"]').waitFor();
    const boxes = await ui
      .canvas()
      .locator('.layer')
      .evaluateAll((elements) => elements.map((element) => [(element as HTMLElement).style.left, (element as HTMLElement).style.top].join(',')));
    expect(new Set(boxes).size).toBe(3);
    const frame = await page.locator('.canvas-frame').boundingBox();
    for (const name of ['rect', 'rect-2', 'rect-3']) {
      const box = (await ui.canvas().locator(`[data-layer="${name}"]`).boundingBox())!;
      expect(box.x >= frame!.x && box.y >= frame!.y && box.x + box.width <= frame!.x + frame!.width && box.y + box.height <= frame!.y + frame!.height).toBe(
        true,
      );
    }
  });
});
