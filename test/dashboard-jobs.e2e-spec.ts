import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { solidImage } from './support/asset-fixtures';
import { launchChromium } from './support/chromium';
import { sampleTemplate } from './support/factories';
import { Handler, HttpFixtureServer } from './support/http-fixture-server';
import { startTestApp, TestApp } from './support/test-app';

const ARTIFACTS = join(__dirname, '..', 'test-artifacts');
const DOCS = join(__dirname, '..', 'docs');

/** §22's dashboard: /app/jobs (bars that move without reloading, counts, rows with errors, downloads) and a template's Bulk create. */
describe('jobs in the dashboard, in a real browser', () => {
  let testApp: TestApp;
  let browser: Browser;
  let page: Page;
  let apiKey: string;
  let templateId: string;
  // Rows' photos: the first few answered at once, the rest held until the test has seen the bar part-way.
  const images = new HttpFixtureServer();
  let imagesUrl: string;
  let photo: Buffer;
  const heldPhotos: Array<() => void> = [];
  const answerPhoto: Handler = (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(photo);

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    photo = await solidImage(120, 120, '#0ea5e9');
    images.route('/photo.png', answerPhoto);
    imagesUrl = await images.start();
    // One row at a time, so the job's progress is seen row by row.
    testApp = await startTestApp({ env: { JOB_CONCURRENCY_PER_ACCOUNT: '1', WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${testApp.baseUrl}/app/signup`);
    await page.getByLabel('Email').fill('bulk@example.com');
    await page.getByLabel('Password').fill('a long passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('New key name').fill('Jobs');
    await page.getByLabel('New key name').press('Enter');
    apiKey = (await page.locator('#revealed-secret').textContent())!.trim();
    const template = await testApp.request('POST', '/api/templates', { apiKey, body: sampleTemplate({ name: 'Speaker card' }) });
    templateId = template.body.id;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
    await images.stop();
  });

  const csv = (text: string) => ({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

  it('Bulk create: flags unknown columns, matches the others, previews the first rows drawn by the server, starts the job and follows it', async () => {
    await page.goto(`${testApp.baseUrl}/app/templates`);
    await page.getByRole('link', { name: 'Bulk create from Speaker card' }).click();
    expect(page.url()).toBe(`${testApp.baseUrl}/app/templates/${templateId}/bulk`);
    await page.getByRole('heading', { name: 'Bulk create from “Speaker card”' }).waitFor();

    // A column naming a layer the template lacks is flagged before anything starts.
    await page.getByLabel('CSV file').setInputFiles(csv('title.text,subtitle.text\nAda,First\n'));
    await page.getByText('unknown: the template has no layer "subtitle"').waitFor();
    expect(await page.getByRole('row', { name: /^title\.text/ }).textContent()).toContain('matched');
    expect(await page.getByRole('button', { name: 'Start the job' }).isDisabled()).toBe(true);
    expect(await page.locator('#bulk-summary').textContent()).toContain('1 unknown column');

    // A CSV that fits: its columns matched, its first three rows drawn.
    const rows = ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson', 'Margaret Hamilton', 'Radia Perlman'];
    await page
      .getByLabel('CSV file')
      .setInputFiles(csv(`title.text,badge.fill\n${rows.map((name, index) => `"${name}",${index % 2 ? '#f97316' : '#22c55e'}`).join('\n')}\n`));
    await page.getByText('5 rows · every column matches a layer').waitFor();
    const previews = page.locator('#bulk-previews img');
    await previews.nth(2).waitFor();
    expect(await previews.count()).toBe(3);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('#bulk-previews img')).every((image) => image.complete && image.naturalWidth > 0),
    );
    expect(await previews.first().getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
    await page.screenshot({ path: join(ARTIFACTS, 'bulk-create.png') });

    // Start (output zip by default) and follow it to its download, on the same page.
    await page.getByRole('button', { name: 'Start the job' }).click();
    const bar = page.getByRole('progressbar', { name: 'Progress of the job' });
    await bar.waitFor();
    await page.getByRole('link', { name: 'Download ZIP' }).waitFor({ timeout: 60_000 });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await page.locator('#bulk-counts').textContent()).toBe('5 done · 0 failed · 5 total');
    const href = (await page.getByRole('link', { name: 'Download ZIP' }).getAttribute('href'))!;
    const zip = await testApp.request('GET', new URL(href).pathname);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.bytes.subarray(0, 2).toString()).toBe('PK');
    await page.screenshot({ path: join(ARTIFACTS, 'bulk-create-done.png'), fullPage: true });
    copyFileSync(join(ARTIFACTS, 'bulk-create.png'), join(DOCS, 'dashboard-bulk-create.png'));
  }, 120_000);

  it('/app/jobs: newest first, bars that move without reloading, counts, failed rows with their errors, and the download', async () => {
    // A row's photo is held once ten have been fetched, so the job cannot finish between two polls of the page.
    let fetched = 0;
    images.route('/photo.png', (request, response, body) => {
      if (++fetched > 10) heldPhotos.push(() => answerPhoto(request, response, body));
      else answerPhoto(request, response, body);
    });
    const rows: Array<Record<string, unknown>> = Array.from({ length: 30 }, (_, index) => ({
      title: { text: `Attendee ${index}` },
      avatar: { imageUrl: `${imagesUrl}/photo.png?row=${index}` },
    }));
    rows[2] = { title: { text: 'x'.repeat(5001) } };
    const created = await testApp.request('POST', '/api/jobs', { apiKey, body: { templateId, rows, output: 'zip' } });
    expect(created.status).toBe(202);

    await page.goto(`${testApp.baseUrl}/app/jobs`);
    const item = page.locator(`li[data-job-id="${created.body.id}"]`);
    // Newest first: the job just created is above the Bulk create one.
    expect(await page.locator('li[data-job-id]').first().getAttribute('data-job-id')).toBe(created.body.id);
    const bar = page.getByRole('progressbar', { name: `Progress of ${created.body.id}` });
    // Every value the bar takes, and a marker a reload would lose.
    await page.evaluate((id) => {
      const target = document.querySelector(`li[data-job-id="${id}"] [role=progressbar]`)!;
      const seen: string[] = [target.getAttribute('aria-valuenow')!];
      Object.assign(window, { seen, notReloaded: true });
      new MutationObserver(() => seen.push(target.getAttribute('aria-valuenow')!)).observe(target, { attributes: true, attributeFilter: ['aria-valuenow'] });
    }, created.body.id);
    // The bar shows the job part-way while its later rows wait for their photos; then every photo is let through.
    await page.waitForFunction(() => (window as unknown as { seen: string[] }).seen.some((value) => Number(value) > 0 && Number(value) < 100), undefined, {
      timeout: 60_000,
    });
    images.route('/photo.png', answerPhoto);
    heldPhotos.splice(0).forEach((answer) => answer());
    await item.getByRole('link', { name: 'Download ZIP' }).waitFor({ timeout: 90_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[]; notReloaded?: boolean }).seen);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(seen.at(-1)).toBe('100');
    expect(seen.some((value) => Number(value) > 0 && Number(value) < 100)).toBe(true);
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await item.locator('[data-field=counts]').textContent()).toBe('29 done · 1 failed · 30 total');
    expect(await item.locator('[data-field=status]').textContent()).toBe('completed');

    // The rows, with the failed one's error and the others' image links.
    await item.locator('summary').click();
    const failed = item.getByRole('row', { name: /^2 failed/ });
    await failed.waitFor();
    expect(await failed.textContent()).toContain('validation_failed');
    expect(
      await item
        .getByRole('row', { name: /^3 succeeded/ })
        .getByRole('link')
        .getAttribute('href'),
    ).toMatch(/\/api\/images\/generated\/[0-9a-f]{64}\.png$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(ARTIFACTS, 'jobs.png') });
    copyFileSync(join(ARTIFACTS, 'jobs.png'), join(DOCS, 'dashboard-jobs.png'));
  }, 120_000);
});
