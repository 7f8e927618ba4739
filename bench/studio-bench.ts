/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/chromium';
import { sampleTemplate } from '../test/support/factories';

/** What the studio section needs from the bench runner. */
export interface StudioBenchContext {
  /** The running server (started with a preview limit the measurement cannot reach). */
  base: string;
  record: (what: string, value: string, ratio?: string, target?: string) => void;
}

const EDITS = Number(process.env.BENCH_STUDIO_EDITS ?? 40);
const DRAG_MS = Number(process.env.BENCH_STUDIO_DRAG_MS ?? 2000);

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * share) - 1)];

/**
 * Issue 28's studio figures, measured in Debian's chromium at 1280×720 against the running server: the preview
 * round trip (a field edited → the server's new drawing painted, timed in the page) at 100 % and 200 %, and a
 * ~2 s drag of a layer: frames per second (a requestAnimationFrame counter) and how many previews it asked for.
 */
export async function studioSection({ base, record }: StudioBenchContext): Promise<void> {
  console.log(`Studio (chromium 1280×720, the sample card, ${EDITS} edits per zoom):`);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${base}/app/signup`);
    await page.getByLabel('Email').fill(`studio-bench-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a long passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/app/);
    // The sample card, created in the signed-in account through the API with the session's CSRF token.
    await page.goto(`${base}/app/templates/new`);
    const id = await page.evaluate(async (body) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="pictor-csrf"]')!.content;
      const response = await fetch('/api/templates', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`template creation failed: ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    }, sampleTemplate());
    await page.goto(`${base}/app/templates/${id}`);
    await settled(page);
    await page.locator('[data-layer="title"]').click();

    for (const zoom of ['100 %', '200 %']) {
      await zoomTo(page, zoom);
      await settled(page);
      await roundTrip(page, 'warm-up');
      const times: number[] = [];
      for (let edit = 0; edit < EDITS; edit++) times.push(await roundTrip(page, `Benchmark edit ${edit} at ${zoom}`));
      record(
        `studio preview round trip at ${zoom}, p95 (median; ${EDITS} edits)`,
        `${percentile(times, 0.95).toFixed(0)} ms (${percentile(times, 0.5).toFixed(0)} ms)`,
        '',
        '≤ 150 ms',
      );
    }

    await zoomTo(page, '100 %');
    await settled(page);
    const drag = await dragFigures(page);
    record(`studio drag of a layer (${drag.seconds.toFixed(1)} s): frames per second`, drag.fps.toFixed(0), '', '60');
    record('studio drag: preview requests during the drag / after it', `${drag.during} / ${drag.after}`, '', '0 / ~1');
  } finally {
    await browser.close();
  }
}

/** The canvas's preview is the newest drawing and is loaded. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('.canvas')?.getAttribute('data-preview') === 'ready' && document.querySelector<HTMLImageElement>('img.preview')?.complete === true,
  );
}

async function zoomTo(page: Page, label: string): Promise<void> {
  const level = page.locator('.zoom-level');
  for (let step = 0; step < 20 && (await level.textContent())?.trim() !== label; step++) {
    const current = Number.parseFloat((await level.textContent()) ?? '0');
    await page.getByRole('button', { name: current < Number.parseFloat(label) ? 'Zoom in' : 'Zoom out', exact: true }).click();
  }
  if ((await level.textContent())?.trim() !== label) throw new Error(`could not zoom to ${label}`);
}

/** One edit of the title's text, timed in the page until the frame that paints the new drawing. */
function roundTrip(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (value) =>
      new Promise<number>((resolve, reject) => {
        const field = document.getElementById('field-text') as HTMLTextAreaElement | null;
        if (!field) return reject(new Error('no Text field'));
        const image = () => document.querySelector<HTMLImageElement>('img.preview');
        const before = image()?.dataset.sequence;
        const started = performance.now();
        field.value = value;
        field.dispatchEvent(new Event('input', { bubbles: true }));
        const deadline = started + 10_000;
        // Checked in every frame: the frame in which the new image is complete is the one that paints it.
        const check = (now: number) => {
          const shown = image();
          if (shown && shown.dataset.sequence !== before && shown.complete && shown.naturalWidth > 0) resolve(now - started);
          else if (now > deadline) reject(new Error('the preview did not change'));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    text,
  );
}

/** Drags the badge for DRAG_MS with a mouse move every ~16 ms; counts frames and preview requests. */
async function dragFigures(page: Page): Promise<{ fps: number; seconds: number; during: number; after: number }> {
  let previews = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/templates/preview')) previews++;
  });
  const box = (await page.locator('[data-layer="badge"]').boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.evaluate(() => {
    const counter = window as unknown as { benchFrames: number; benchCounting: boolean };
    counter.benchFrames = 0;
    counter.benchCounting = true;
    const tick = () => {
      if (!counter.benchCounting) return;
      counter.benchFrames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const began = await page.evaluate(() => performance.now());
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const wallStart = Date.now();
  for (let step = 0; Date.now() - wallStart < DRAG_MS; step++) {
    const angle = step / 20;
    await page.mouse.move(start.x + 150 * Math.sin(angle), start.y + 60 * Math.sin(angle * 2));
    await page.waitForTimeout(16);
  }
  const during = previews;
  const { frames, ended } = await page.evaluate(() => {
    const counter = window as unknown as { benchFrames: number; benchCounting: boolean };
    counter.benchCounting = false;
    return { frames: counter.benchFrames, ended: performance.now() };
  });
  await page.mouse.up();
  await page.waitForTimeout(1000);
  await settled(page);
  const seconds = (ended - began) / 1000;
  return { fps: frames / seconds, seconds, during, after: previews - during };
}
