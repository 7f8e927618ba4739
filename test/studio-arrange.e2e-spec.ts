/// <reference lib="dom" />
import { join } from 'node:path';
import { Page } from 'playwright-core';
import { SHORTCUTS } from '../studio/src/state/shortcuts';
import { startStudioBrowser, STUDIO_SHOTS, StudioBrowser, studioPage } from './support/studio-browser';

const EMAIL = 'arranger@example.com';

const layers = () => [
  { name: 'title', type: 'text', x: 100, y: 100, width: 400, height: 80, text: 'Hello', fontSize: 48, color: '#0f172a' },
  { name: 'box', type: 'rect', x: 700, y: 300, width: 200, height: 120, fill: '#22c55e' },
  { name: 'dot', type: 'ellipse', x: 900, y: 60, width: 100, height: 100, fill: '#3b82f6' },
];

type SavedLayer = { name: string; x: number; y: number; rotation?: number; locked?: boolean; text?: string; width: number };

/** Issue 28's selection and arrangement at 1280×720, by keyboard and mouse: clipboard, lock, selection box, rotation, context menu, shortcuts, text editing. */
describe('studio canvas: selection and arrangement (1280×720)', () => {
  let studio: StudioBrowser;
  let page: Page;
  let ui: ReturnType<typeof studioPage>;
  let currentId = '';

  beforeAll(async () => {
    studio = await startStudioBrowser(EMAIL);
    page = studio.page;
    ui = studioPage(page);
    // A failed wait names its locator well before jest's own 30 s limit.
    page.setDefaultTimeout(8_000);
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  async function open(name: string, body: Record<string, unknown> = {}): Promise<string> {
    const created = await studio.testApp.request('POST', '/api/templates', {
      apiKey: studio.apiKey,
      body: { name, width: 1200, height: 630, background: '#ffffff', layers: layers(), ...body },
    });
    expect(created.status).toBe(201);
    currentId = created.body.id;
    await page.goto(`${studio.testApp.baseUrl}/app/templates/${currentId}`);
    await ui.canvas().waitFor();
    await ui.previewSettled();
    return currentId;
  }

  /** Screen coordinates of design point (x, y). */
  async function at(x: number, y: number): Promise<{ x: number; y: number }> {
    const box = (await ui.canvas().boundingBox())!;
    const scale = Number(await ui.canvas().getAttribute('data-scale'));
    return { x: box.x + x * scale, y: box.y + y * scale };
  }

  async function saved(id = currentId): Promise<SavedLayer[]> {
    // The next version, not a "Saved as" line an earlier save left on the page.
    const version = Number(/v(\d+)/.exec((await page.locator('.version').textContent()) ?? '')?.[1] ?? 0);
    await ui.button('Save').click();
    await page.getByText(`Saved as v${version + 1}`, { exact: true }).waitFor();
    return (await studio.testApp.request('GET', `/api/templates/${id}`, { apiKey: studio.apiKey })).body.layers;
  }

  const layerNames = () =>
    ui
      .canvas()
      .locator('.layer')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-layer')));

  it('copies, cuts and pastes with the keys, renames a paste whose name exists, and pastes into another template', async () => {
    await open('Copy source');
    await ui.layer('title').click();
    await page.keyboard.press('Control+c');
    await page.getByText('Copied title.').waitFor();
    await page.keyboard.press('Control+v');
    await ui.layer('title copy').waitFor();
    expect(await ui.selection()).toEqual(['title copy']);
    await ui.expectFields(['Layer name', 'X', 'Y'], ['title copy', '124', '124']);
    await page.keyboard.press('Control+v');
    await ui.layer('title copy 2').waitFor();

    // Cut: gone here, on the clipboard.
    await ui.layer('box').click();
    await page.keyboard.press('Control+x');
    await page.waitForFunction(() => document.querySelector('[data-layer="box"]') === null);
    expect(await layerNames()).toEqual(['title', 'dot', 'title copy', 'title copy 2']);
    await page.keyboard.press('Control+v');
    await ui.layer('box').waitFor();
    expect((await saved()).map((layer) => layer.name)).toEqual(['title', 'dot', 'title copy', 'title copy 2', 'box']);

    // Another template's studio: the copy keeps its name and look where the name is free.
    // Its copies lie on top of it now: picked from the layer list (the keys work from there too).
    await page.locator('.layers .layer-name', { hasText: /^text title$/ }).click();
    await page.keyboard.press('Control+c');
    await page.getByText('Copied title.').waitFor();
    const other = await open('Paste target', { layers: [{ name: 'band', type: 'rect', x: 0, y: 0, width: 1200, height: 100, fill: '#f59e0b' }] });
    await ui.canvas().focus();
    await page.keyboard.press('Control+v');
    await ui.layer('title').waitFor();
    expect(await ui.selection()).toEqual(['title']);
    const pasted = (await saved(other)).find((layer) => layer.name === 'title')!;
    expect(pasted).toMatchObject({ type: 'text', text: 'Hello', x: 100, y: 100, width: 400, fontSize: 48 });

    // Garbage on the clipboard: a message, nothing added.
    await page.evaluate(() => localStorage.setItem('pictor.clipboard', '{"type":"application/x-pictor-layers","layers":[{"name":"x","type":"virus"}]}'));
    await page.keyboard.press('Control+v');
    await page.getByText('The clipboard holds no Pictor layers; nothing was pasted.').waitFor();
    await page.evaluate(() => localStorage.setItem('pictor.clipboard', 'just some text'));
    await page.keyboard.press('Control+v');
    expect(await layerNames()).toEqual(['band', 'title']);
  });

  it('uses the system clipboard where the page may: a copy is readable as marked JSON, foreign text is refused', async () => {
    const context = page.context();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studio.testApp.baseUrl });
    try {
      await open('System clipboard');
      await ui.layer('dot').click();
      await page.keyboard.press('Control+c');
      await page.getByText('Copied dot.').waitFor();
      const text = await page.evaluate(() => navigator.clipboard.readText());
      expect(JSON.parse(text)).toMatchObject({ type: 'application/x-pictor-layers', layers: [{ name: 'dot', type: 'ellipse' }] });
      // Text copied elsewhere since wins over the older stored copy: not ours, so nothing is pasted.
      await page.evaluate(() => navigator.clipboard.writeText('hello from another app'));
      await ui.canvas().focus();
      await page.keyboard.press('Control+v');
      await page.getByText('The clipboard holds no Pictor layers; nothing was pasted.').waitFor();
      expect(await layerNames()).toEqual(['title', 'box', 'dot']);
    } finally {
      await context.clearPermissions();
    }
  });

  it('locks a layer: selectable and editable in the panel, but drag, arrows and align leave it; saved with the template', async () => {
    await open('Locking');
    await ui.layer('box').click();
    await page.keyboard.press('Control+Shift+L');
    await ui.canvas().locator('[data-layer="box"][data-locked="true"]').waitFor();
    expect(await ui.button('Unlock').getAttribute('aria-pressed')).toBe('true');
    expect(await ui.layer('box').locator('[data-handle]').count()).toBe(0);

    const start = await at(800, 360);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 80, start.y + 60, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await ui.expectFields(['Layer name', 'X', 'Y'], ['box', '700', '300']);
    // Looked at, not committed: the lock badge in place of the handles.
    await page.screenshot({ path: join(__dirname, '..', 'test-artifacts', 'studio-locked.png') });
    // Align with another layer: the locked one stays (and the other aligns to itself).
    await ui.layer('dot').click({ modifiers: ['Shift'] });
    await ui.button('Align left').click();
    // Still editable in the panel.
    await ui.layer('box').click();
    await ui.field('Y').fill('310');
    let stored = await saved();
    expect(stored.find((layer) => layer.name === 'box')).toMatchObject({ x: 700, y: 310, locked: true });
    expect(stored.find((layer) => layer.name === 'dot')).toMatchObject({ x: 900, y: 60 });

    // Unlocked from the layer list: it moves again.
    await page.getByRole('button', { name: 'Unlock box' }).click();
    await ui.canvas().focus();
    await page.keyboard.press('ArrowRight');
    stored = await saved();
    expect(stored.find((layer) => layer.name === 'box')).toMatchObject({ x: 701, y: 310 });
    expect('locked' in stored.find((layer) => layer.name === 'box')!).toBe(false);
  });

  it('selects with a box dragged on empty canvas (Shift adds), drags the selection together, and a click on empty canvas clears', async () => {
    await open('Selection box');
    const from = await at(60, 40);
    const to = await at(850, 250);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 3 });
    expect(await page.getByTestId('selection-box').count()).toBe(1);
    await page.mouse.move(to.x, to.y, { steps: 3 });
    await page.mouse.up();
    // From (60, 40) to (850, 250): touches title (100–500 × 100–180); box starts at y 300, dot at x 900.
    expect((await ui.selection()).sort()).toEqual(['title']);

    const farFrom = await at(650, 20);
    const farTo = await at(1150, 320);
    await page.keyboard.down('Shift');
    await page.mouse.move(farFrom.x, farFrom.y);
    await page.mouse.down();
    await page.mouse.move(farTo.x, farTo.y, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    expect((await ui.selection()).sort()).toEqual(['box', 'dot', 'title']);
    await page.getByText('3 layers selected').waitFor();
    expect(await page.getByTestId('selection-box').count()).toBe(0);

    // Dragging one of them moves the whole selection by the same amount (one undo step).
    const grab = await at(300, 140);
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + 25, grab.y + 10, { steps: 2 });
    await page.mouse.move(grab.x + 50, grab.y + 20, { steps: 3 });
    await page.mouse.up();
    const stored = async () => {
      await ui.button('Save').click();
      await page.locator('.version').getByText('unsaved').waitFor({ state: 'detached' });
      const body = (await studio.testApp.request('GET', `/api/templates/${currentId}`, { apiKey: studio.apiKey })).body;
      return (body.layers as SavedLayer[]).map((layer, index) => [layer.x - layers()[index].x, layer.y - layers()[index].y]);
    };
    const shift = await stored();
    expect(shift[0][0]).toBeGreaterThan(40);
    expect(shift).toEqual([shift[0], shift[0], shift[0]]);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await stored()).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);

    const empty = await at(300, 500);
    await page.mouse.click(empty.x, empty.y);
    expect(await ui.selection()).toEqual([]);
  });

  it('asks the server for no preview while a layer is dragged, and for one when the drag ends', async () => {
    await open('Drag preview');
    // Counted inside the page, in its own order of events: Playwright reports requests late, so a drawing asked for
    // just before the press (the hover can reflow the canvas) would otherwise be counted as one asked for by the drag.
    await page.evaluate(() => {
      const log = { down: -1, up: -1, previews: [] as number[] };
      Object.assign(window, { dragLog: log });
      const fetchBefore = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith('/api/templates/preview')) log.previews.push(performance.now());
        return fetchBefore(input, init);
      };
      document.addEventListener('pointerdown', () => (log.down = performance.now()), { capture: true, once: true });
      document.addEventListener('pointerup', () => (log.up = performance.now()), { capture: true, once: true });
    });
    const previews = () =>
      page.evaluate(() => {
        const { down, up, previews: asked } = (window as unknown as { dragLog: { down: number; up: number; previews: number[] } }).dragLog;
        return { during: asked.filter((at) => at >= down && (up < 0 || at < up)).length, after: up < 0 ? 0 : asked.filter((at) => at >= up).length };
      });
    const start = await at(800, 360);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    // Moves ~50 ms apart, each longer than the preview's debounce: before, each one asked for a drawing.
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(start.x + step * 8, start.y + step * 3);
      await page.waitForTimeout(50);
    }
    expect(await previews()).toEqual({ during: 0, after: 0 });
    // The drawing on screen is of the layer before the drag: the canvas does not call it ready.
    expect(await page.locator('.canvas').getAttribute('data-preview')).toBe('loading');
    // The drag's end asks for its drawing (and the canvas says "loading" until it is shown).
    await page.mouse.up();
    await ui.previewSettled();
    expect(await previews()).toEqual({ during: 0, after: 1 });
    // The drawing that came is of the layer where the drag left it.
    expect(Number(await page.getByLabel('X', { exact: true }).inputValue())).toBeGreaterThan(700);
  });

  it('shows the pointer’s design coordinates beside the zoom, at any zoom', async () => {
    await open('Coordinates');
    const readout = page.getByLabel('Pointer position in the design');
    for (const zoom of ['fit', 'in'] as const) {
      if (zoom === 'in') await ui.button('Zoom in').click();
      // Over a layer and over empty canvas alike.
      for (const [x, y] of [
        [150, 120],
        [600, 500],
      ]) {
        // The canvas may still be settling after the zoom on a loaded machine: point again until it has (2 s at most).
        let shown: number[] = [];
        for (let attempt = 0; attempt < 40; attempt++) {
          const point = await at(x, y);
          await page.mouse.move(point.x, point.y);
          shown = /^x (\d+) · y (\d+)$/
            .exec((await readout.textContent()) ?? '')!
            .slice(1)
            .map(Number);
          if (Math.abs(shown[0] - x) <= 1 && Math.abs(shown[1] - y) <= 1) break;
          await page.waitForTimeout(50);
        }
        expect(Math.abs(shown[0] - x)).toBeLessThanOrEqual(1);
        expect(Math.abs(shown[1] - y)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('rotates with the handle above the layer (Shift: 15° steps), one undo step restores', async () => {
    await open('Rotating');
    await ui.layer('box').click();
    const handle = (await ui.layer('box').locator('[data-handle="rotate"]').boundingBox())!;
    const centre = await at(800, 360);
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    // A quarter turn clockwise: the pointer straight right of the centre, via the upper right.
    await page.mouse.move(centre.x + 60, centre.y - 60, { steps: 4 });
    await page.mouse.move(centre.x + 90, centre.y + 1, { steps: 4 });
    await page.mouse.up();
    const rotated = Number(await ui.field('Rotation').inputValue());
    expect(Math.abs(rotated - 90)).toBeLessThan(2);
    await ui.previewSettled();
    await page.screenshot({ path: join(STUDIO_SHOTS, 'studio-rotation.png') });

    // Shift snaps: a pointer at 37° from straight up gives 30°.
    const turned = (await ui.layer('box').locator('[data-handle="rotate"]').boundingBox())!;
    await page.mouse.move(turned.x + turned.width / 2, turned.y + turned.height / 2);
    await page.mouse.down();
    await page.keyboard.down('Shift');
    const angle = (37 * Math.PI) / 180;
    await page.mouse.move(centre.x + Math.sin(angle) * 100, centre.y - Math.cos(angle) * 100, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await ui.expectFields(['Rotation'], ['30']);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(Math.abs(Number(await ui.field('Rotation').inputValue()) - rotated)).toBeLessThan(0.01);
    await page.getByRole('button', { name: 'Undo' }).click();
    await ui.expectFields(['Rotation'], ['']);
    expect(await ui.layer('box').evaluate((element) => (element as HTMLElement).style.transform)).toBe('');
  });

  it('offers a context menu on right-click and by keyboard, each item doing what it says; Escape closes it', async () => {
    await open('Menus');
    const menu = page.getByRole('menu', { name: 'Layer actions' });
    const item = (name: string) => menu.getByRole('menuitem', { name: new RegExp(`^${name}`) });
    const box = await at(800, 360);
    await page.mouse.click(box.x, box.y, { button: 'right' });
    await menu.waitFor();
    expect(await ui.selection()).toEqual(['box']);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Cut/), expect.stringMatching(/^Send backward/)]),
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Cut/);
    await page.screenshot({ path: join(STUDIO_SHOTS, 'studio-context-menu.png') });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await page.mouse.click(box.x, box.y, { button: 'right' });
    await item('Bring forward').click();
    expect(await layerNames()).toEqual(['title', 'dot', 'box']);
    await page.mouse.click(box.x, box.y, { button: 'right' });
    await item('Send backward').click();
    expect(await layerNames()).toEqual(['title', 'box', 'dot']);
    await page.mouse.click(box.x, box.y, { button: 'right' });
    await item('Lock').click();
    await ui.canvas().locator('[data-layer="box"][data-locked="true"]').waitFor();
    // The copy of a locked layer is free to move.
    await page.mouse.click(box.x, box.y, { button: 'right' });
    expect(await item('Unlock').count()).toBe(1);
    await item('Duplicate').click();
    await ui.layer('box-2').waitFor();
    expect(await ui.layer('box-2').getAttribute('data-locked')).toBeNull();

    // By keyboard: Shift+F10 on the canvas, arrows to an item, Enter.
    await ui.layer('box-2').click();
    await page.keyboard.press('Shift+F10');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await page.keyboard.press('ArrowDown'); // Copy
    await page.keyboard.press('Enter');
    await page.getByText('Copied box-2.').waitFor();
    await ui.canvas().focus();
    await page.keyboard.press('Shift+F10');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowDown'); // Cut, Copy, Paste, Duplicate, Delete
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Delete/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-layer="box-2"]') === null);

    // On empty canvas: Paste works, the selection's items are off.
    const empty = await at(300, 500);
    await page.mouse.click(empty.x, empty.y, { button: 'right' });
    expect(await item('Cut').isDisabled()).toBe(true);
    await item('Paste').click();
    await ui.layer('box-2').waitFor();
    expect(await ui.selection()).toEqual(['box-2']);
    const stored = await saved();
    expect(stored.map((layer) => [layer.name, layer.locked ?? false])).toEqual([
      ['title', false],
      ['box', true],
      ['dot', false],
      ['box-2', false],
    ]);
  });

  it('lists every shortcut of the one table in the ? panel (also from the toolbar)', async () => {
    await open('Help');
    await ui.canvas().focus();
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const rows = await dialog.locator('tbody tr').evaluateAll((elements) =>
      elements.map((row) =>
        Array.from(row.querySelectorAll('td'))
          .slice(0, 2)
          .map((cell) => cell.textContent),
      ),
    );
    expect(rows).toEqual(SHORTCUTS.map((shortcut) => [shortcut.keys, shortcut.label]));
    await page.screenshot({ path: join(STUDIO_SHOTS, 'studio-shortcuts.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await ui.button('Shortcuts').click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Ctrl+A selects every layer (a table entry the panel listed).
    await ui.canvas().focus();
    await page.keyboard.press('Control+a');
    expect((await ui.selection()).sort()).toEqual(['box', 'dot', 'title']);
  });

  it('edits a text layer’s text on the canvas after a double-click: Enter commits, Escape cancels, one undo step', async () => {
    await open('Text in place');
    const editor = page.getByRole('textbox', { name: 'Text of title' });
    const editing = async () => {
      await editor.waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Text of title');
    };
    await ui.layer('title').dblclick();
    await editing();
    await page.keyboard.type('Welcome');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('aboard');
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached' });
    await ui.expectFields(['Text'], ['Welcome\naboard']);
    // Escape cancels.
    await ui.layer('title').dblclick();
    await editing();
    await page.keyboard.type('Nope');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await ui.expectFields(['Text'], ['Welcome\naboard']);
    // Leaving the field commits.
    await ui.layer('title').dblclick();
    await editing();
    await page.keyboard.type('Blurred');
    await ui.field('X').click();
    await ui.expectFields(['Text'], ['Blurred']);
    await page.getByRole('button', { name: 'Undo' }).click();
    await ui.expectFields(['Text'], ['Welcome\naboard']);
    await page.getByRole('button', { name: 'Undo' }).click();
    await ui.expectFields(['Text'], ['Hello']);
  });
});
