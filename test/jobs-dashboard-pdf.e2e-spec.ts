import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { sampleTemplate } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

const ARTIFACTS = join(__dirname, '..', 'test-artifacts');

/** §22's Bulk create with output "pdf": one PDF, a page per row, downloaded from the page that started it. */
describe('Bulk create a PDF in the dashboard, in a real browser', () => {
  let testApp: TestApp;
  let browser: Browser;
  let page: Page;
  let templateId: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    testApp = await startTestApp();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${testApp.baseUrl}/app/signup`);
    await page.getByLabel('Email').fill('bulk-pdf@example.com');
    await page.getByLabel('Password').fill('a long passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('New key name').fill('Jobs');
    await page.getByLabel('New key name').press('Enter');
    const apiKey = (await page.locator('#revealed-secret').textContent())!.trim();
    templateId = (await testApp.request('POST', '/api/templates', { apiKey, body: sampleTemplate({ name: 'Certificate' }) })).body.id;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  it('offers "One PDF", draws the rows as PDF pages (the raster format set aside), and links "Download PDF"', async () => {
    await page.goto(`${testApp.baseUrl}/app/templates/${templateId}/bulk`);
    const names = ['Ada Lovelace', 'Grace Hopper', 'Radia Perlman'];
    await page.getByLabel('CSV file').setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(`title.text\n${names.join('\n')}\n`) });
    await page.getByText('3 rows · every column matches a layer').waitFor();
    await page.getByLabel('Format').selectOption('webp');
    await page.getByLabel('Result').selectOption('pdf');
    expect(await page.getByLabel('Format').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Start the job' }).click();
    const link = page.getByRole('link', { name: 'Download PDF' });
    await link.waitFor({ timeout: 60_000 });
    expect(await page.locator('#bulk-counts').textContent()).toBe('3 done · 0 failed · 3 total');
    await page.screenshot({ path: join(ARTIFACTS, 'bulk-create-pdf.png'), fullPage: true });

    const pdf = await testApp.request('GET', new URL((await link.getAttribute('href'))!).pathname);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const directory = mkdtempSync(join(tmpdir(), 'pictor-bulk-pdf-'));
    try {
      const file = join(directory, 'bulk.pdf');
      writeFileSync(file, pdf.bytes);
      expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+3\n/);
      const texts = [1, 2, 3].map((number) => execFileSync('pdftotext', ['-f', String(number), '-l', String(number), file, '-'], { encoding: 'utf8' }));
      texts.forEach((text, index) => expect(text).toContain(names[index]));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);
});
