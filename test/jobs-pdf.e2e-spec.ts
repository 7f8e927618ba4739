import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { S3_TEST_CREDENTIALS, startS3Server } from './support/s3-test-server';
import { startTestApp, TestApp } from './support/test-app';

/** Polls `check` every 50 ms, for at most `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const SIZE = { width: 400, height: 200 };
const rowsOf = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => ({ title: { text: `${prefix} ${index}` } }));
const pathOf = (url: string) => new URL(url).pathname;

interface Harness {
  testApp: TestApp;
  owner: TestAccount;
  templateId: string;
}

async function harness(env: Record<string, string> = {}): Promise<Harness> {
  const testApp = await startTestApp({ env });
  const owner = await createAccount(testApp, { plan: 'pro' });
  return { testApp, owner, templateId: await createTemplate(testApp, owner.apiKey) };
}

const job = async ({ testApp, owner }: Harness, id: string) => (await testApp.request('GET', `/api/jobs/${id}`, { apiKey: owner.apiKey })).body;
const used = async ({ testApp, owner }: Harness) => (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used as number;

async function runPdfJob(h: Harness, body: Record<string, unknown>) {
  const created = await h.testApp.request('POST', '/api/jobs', { apiKey: h.owner.apiKey, body: { templateId: h.templateId, output: 'pdf', ...SIZE, ...body } });
  expect(created.status).toBe(202);
  expect(created.body).toMatchObject({ output: 'pdf', format: 'pdf', resultUrl: null });
  await until(async () => (await job(h, created.body.id)).status === 'completed');
  return job(h, created.body.id);
}

/**
 * Downloads the job's PDF and reads it with poppler and qpdf (readers that are not the writer): qpdf's structural
 * check, the page count, and each page's text.
 */
async function readPdf(testApp: TestApp, resultUrl: string): Promise<{ pages: number; texts: string[]; sizes: string[] }> {
  const response = await testApp.request('GET', pathOf(resultUrl));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const directory = mkdtempSync(join(tmpdir(), 'pictor-pdf-'));
  try {
    const file = join(directory, 'result.pdf');
    writeFileSync(file, response.bytes);
    execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    const texts = Array.from({ length: pages }, (_, index) =>
      execFileSync('pdftotext', ['-f', String(index + 1), '-l', String(index + 1), file, '-'], { encoding: 'utf8' }).trim(),
    );
    const sizes = [...execFileSync('pdfinfo', ['-f', '1', '-l', String(pages), file], { encoding: 'utf8' }).matchAll(/size:\s+([\d.]+ x [\d.]+) pts/g)].map(
      (match) => match[1],
    );
    return { pages, texts, sizes };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe('jobs with output "pdf" (§22: one PDF, a page per succeeded row in row order)', () => {
  describe('on the image store of the environment (local disk; SQLite, or MariaDB + Redis)', () => {
    let h: Harness;
    beforeAll(async () => (h = await harness()));
    afterAll(() => h?.testApp.close(), 90_000);

    it('draws each row as a one-page PDF billed like a render, and joins the succeeded ones in row order, skipping the failed', async () => {
      const rows: unknown[] = rowsOf(7, 'Paged');
      rows[2] = { title: { text: 'x'.repeat(5001) } };
      rows[5] = { title: { text: 'x'.repeat(5001) } };
      const before = await used(h);
      const finished = await runPdfJob(h, { rows });
      expect(finished).toMatchObject({ status: 'completed', total: 7, done: 5, failed: 2, resultError: null });
      expect(finished.resultUrl).toMatch(/^http:\/\/pictor\.test\/api\/images\/generated\/[0-9a-f]{64}\.pdf$/);
      // One unit per row drawn fresh, nothing more for the joined file.
      expect((await used(h)) - before).toBe(5);

      const { data } = (await h.testApp.request('GET', `/api/jobs/${finished.id}/items`, { apiKey: h.owner.apiKey })).body;
      expect(data.map((item: { status: string }) => item.status)).toEqual([
        'succeeded',
        'succeeded',
        'failed',
        'succeeded',
        'succeeded',
        'failed',
        'succeeded',
      ]);
      for (const item of data.filter((entry: { status: string }) => entry.status === 'succeeded')) expect(item.imageUrl).toMatch(/\.pdf$/);

      const pdf = await readPdf(h.testApp, finished.resultUrl);
      expect(pdf.pages).toBe(5);
      expect(pdf.texts).toEqual(['Paged 0', 'Paged 1', 'Paged 3', 'Paged 4', 'Paged 6']);
      // Each page the output size at 96 dpi (1 px = 0.75 pt).
      expect(pdf.sizes).toEqual(Array.from({ length: 5 }, () => '300 x 150'));
    });

    it('answers an identical row from the cache (not billed again) and still gives it its page', async () => {
      const before = await used(h);
      const finished = await runPdfJob(h, { rows: [{ title: { text: 'Paged 0' } }, { title: { text: 'Fresh one' } }], format: 'pdf' });
      expect((await used(h)) - before).toBe(1);
      expect((await readPdf(h.testApp, finished.resultUrl)).texts).toEqual(['Paged 0', 'Fresh one']);
    });

    it('ends a job none of whose rows succeeded completed, without a PDF, saying why', async () => {
      const finished = await runPdfJob(h, { rows: [{ title: { text: 'x'.repeat(5001) } }] });
      expect(finished).toMatchObject({ status: 'completed', done: 0, failed: 1, resultUrl: null, resultError: { code: 'result_empty' } });
    });

    it('refuses a format other than pdf for a pdf job, naming the field, and creates nothing', async () => {
      const account = await createAccount(h.testApp, { plan: 'pro' });
      const templateId = await createTemplate(h.testApp, account.apiKey);
      for (const format of ['png', 'svg', 'webp']) {
        const refused = await h.testApp.request('POST', '/api/jobs', { apiKey: account.apiKey, body: { templateId, rows: [{}], output: 'pdf', format } });
        expect({ format, status: refused.status, code: refused.body.code, details: refused.body.details }).toEqual({
          format,
          status: 400,
          code: 'validation_failed',
          details: [{ path: 'format', message: 'must be "pdf" or omitted when output is "pdf"' }],
        });
      }
      expect((await h.testApp.request('GET', '/api/jobs', { apiKey: account.apiKey })).body).toEqual({ data: [], nextCursor: null });
    });
  });

  describe('on an S3-compatible store (s3rver)', () => {
    let s3: Awaited<ReturnType<typeof startS3Server>>;
    let h: Harness;

    beforeAll(async () => {
      s3 = await startS3Server(['pictor-pdf-results']);
      h = await harness({ STORAGE_URL: 's3://pictor-pdf-results/v1', S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'true', ...S3_TEST_CREDENTIALS });
    });

    afterAll(async () => {
      await h?.testApp.close();
      await s3?.close();
    }, 90_000);

    it('streams the PDF into the bucket and serves it back, a page per row in order', async () => {
      const finished = await runPdfJob(h, { rows: rowsOf(4, 'Bucket') });
      expect(finished.resultUrl).toMatch(/\.pdf$/);
      const pdf = await readPdf(h.testApp, finished.resultUrl);
      expect(pdf.texts).toEqual(['Bucket 0', 'Bucket 1', 'Bucket 2', 'Bucket 3']);
    });
  });
});
