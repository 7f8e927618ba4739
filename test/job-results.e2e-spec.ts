import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { JobResultsRepository } from '../src/jobs/job-results.repository';
import { JobResultRetentionService } from '../src/jobs/results/job-result-retention.service';
import { ImageStorage } from '../src/storage/image-storage';
import { ImagesException } from '../src/storage/images.exception';
import { LocalImageStorage } from '../src/storage/local-image-storage';
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

/** Small images keep the jobs quick; the ZIP is what is under test. */
const SIZE = { width: 240, height: 126 };

/** A local store whose streamed writes (the ZIP) fail the next `failures` times, with `error`. */
class FlakyResultStorage extends LocalImageStorage {
  failures = 0;
  error: () => Error = () => ImagesException.storageUnavailable('test: the store is down');

  override async putStream(name: string, source: Readable, signal?: AbortSignal): Promise<void> {
    if (this.failures > 0) {
      this.failures--;
      source.destroy();
      throw this.error();
    }
    return super.putStream(name, source, signal);
  }
}

interface Harness {
  testApp: TestApp;
  owner: TestAccount;
  templateId: string;
}

async function harness(env: Record<string, string> = {}, storage?: ImageStorage): Promise<Harness> {
  const testApp = await startTestApp({ env, overrides: storage ? [{ provide: ImageStorage, useValue: storage }] : [] });
  const owner = await createAccount(testApp, { plan: 'pro' });
  return { testApp, owner, templateId: await createTemplate(testApp, owner.apiKey) };
}

const job = async ({ testApp, owner }: Harness, id: string) => (await testApp.request('GET', `/api/jobs/${id}`, { apiKey: owner.apiKey })).body;

async function runZipJob(h: Harness, rows: unknown[]) {
  const created = await h.testApp.request('POST', '/api/jobs', { apiKey: h.owner.apiKey, body: { templateId: h.templateId, rows, output: 'zip', ...SIZE } });
  expect(created.status).toBe(202);
  expect(created.body).toMatchObject({ output: 'zip', resultUrl: null, resultError: null });
  await until(async () => (await job(h, created.body.id)).status === 'completed');
  return job(h, created.body.id);
}

/** The path of a URL under PUBLIC_BASE_URL, to fetch from the test server. */
const pathOf = (url: string) => new URL(url).pathname;

/**
 * Downloads the job's ZIP and opens it with Info-ZIP's `unzip` (a reader that is not the writer): its entry names
 * in order, and each entry's bytes.
 */
async function unzipResult(testApp: TestApp, resultUrl: string): Promise<Map<string, Buffer>> {
  const response = await testApp.request('GET', pathOf(resultUrl));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  const directory = mkdtempSync(join(tmpdir(), 'pictor-zip-'));
  try {
    const file = join(directory, 'result.zip');
    writeFileSync(file, response.bytes);
    execFileSync('unzip', ['-tq', file]);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    return new Map(names.map((name) => [name, execFileSync('unzip', ['-p', file, name], { maxBuffer: 64 * 1024 * 1024 })]));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Every succeeded item's image, by the name the ZIP must give it. */
async function expectedEntries({ testApp, owner }: Harness, id: string, width: number): Promise<Map<string, Buffer>> {
  const { data } = (await testApp.request('GET', `/api/jobs/${id}/items`, { apiKey: owner.apiKey })).body as {
    data: Array<{ index: number; status: string; imageUrl: string | null }>;
  };
  const entries = new Map<string, Buffer>();
  for (const item of data.filter((entry) => entry.status === 'succeeded')) {
    const extension = item.imageUrl!.split('.').pop()!;
    entries.set(`${String(item.index).padStart(width, '0')}.${extension}`, (await testApp.request('GET', pathOf(item.imageUrl!))).bytes);
  }
  return entries;
}

const rowsOf = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => ({ title: { text: `${prefix} ${index}` } }));

describe('job results (§22 output "zip")', () => {
  describe('on the image store of the environment (local disk; SQLite, or MariaDB + Redis)', () => {
    let h: Harness;

    beforeAll(async () => {
      h = await harness({ IMAGE_RETENTION: '1h' });
    });

    afterAll(() => h?.testApp.close());

    it('ends a zip job completed with one ZIP of every succeeded image, named <index zero-padded>.<ext>, each entry the item image', async () => {
      // 10 rows: indexes 0–9, so one digit (the width of the last index, not of the count); row 3 fails validation and has no entry.
      const rows: unknown[] = rowsOf(10, 'Zipped');
      rows[3] = { title: { text: 'x'.repeat(5001) } };
      const finished = await runZipJob(h, rows);
      expect(finished).toMatchObject({ status: 'completed', total: 10, done: 9, failed: 1, resultError: null });
      expect(finished.resultUrl).toMatch(/^http:\/\/pictor\.test\/api\/images\/generated\/[0-9a-f]{64}\.zip$/);

      const entries = await unzipResult(h.testApp, finished.resultUrl);
      const expected = await expectedEntries(h, finished.id, 1);
      expect([...entries.keys()]).toEqual(['0', '1', '2', '4', '5', '6', '7', '8', '9'].map((index) => `${index}.png`));
      expect([...entries.keys()]).toEqual([...expected.keys()]);
      for (const [name, bytes] of entries) expect({ name, equal: bytes.equals(expected.get(name)!) }).toEqual({ name, equal: true });

      // The listing shows the same result, and HEAD works as for images.
      const listed = (await h.testApp.request('GET', '/api/jobs', { apiKey: h.owner.apiKey })).body.data.find(
        (entry: { id: string }) => entry.id === finished.id,
      );
      expect(listed.resultUrl).toBe(finished.resultUrl);
      expect((await h.testApp.request('HEAD', pathOf(finished.resultUrl))).status).toBe(200);
    });

    it('pads the names to the width of the last index (11 rows: "00" to "10") and keeps the format\'s extension', async () => {
      const created = await h.testApp.request('POST', '/api/jobs', {
        apiKey: h.owner.apiKey,
        body: { templateId: h.templateId, rows: rowsOf(11, 'Eleven'), output: 'zip', format: 'jpeg', ...SIZE },
      });
      await until(async () => (await job(h, created.body.id)).status === 'completed');
      const finished = await job(h, created.body.id);
      const entries = await unzipResult(h.testApp, finished.resultUrl);
      expect([...entries.keys()]).toEqual(Array.from({ length: 11 }, (_, index) => `${String(index).padStart(2, '0')}.jpg`));
      const expected = await expectedEntries(h, finished.id, 2);
      for (const [name, bytes] of entries) expect(bytes.equals(expected.get(name)!)).toBe(true);
    });

    it('keeps a result under retention like an image: a download keeps it, going unrequested deletes it and the job says result_expired', async () => {
      const finished = await runZipJob(h, rowsOf(2, 'Kept'));
      const retention = h.testApp.get(JobResultRetentionService);
      h.testApp.clock.advance(50 * 60_000);
      // Downloaded 50 minutes in: still there an hour after its writing.
      expect((await h.testApp.request('GET', pathOf(finished.resultUrl))).status).toBe(200);
      const results = h.testApp.get(JobResultsRepository);
      await until(async () => (await results.find(finished.id))!.lastAccessedAt!.getTime() > Date.parse(finished.finishedAt) + 40 * 60_000);
      h.testApp.clock.advance(30 * 60_000);
      await retention.sweep();
      expect((await job(h, finished.id)).resultUrl).toBe(finished.resultUrl);
      expect((await h.testApp.request('GET', pathOf(finished.resultUrl))).status).toBe(200);

      h.testApp.clock.advance(61 * 60_000);
      expect(await retention.sweep()).toBeGreaterThanOrEqual(1);
      expect(await job(h, finished.id)).toMatchObject({ status: 'completed', resultUrl: null, resultError: { code: 'result_expired' } });
      const gone = await h.testApp.request('GET', pathOf(finished.resultUrl));
      expect(gone.status).toBe(404);
      expect(gone.body.code).toBe('image_not_found');
    });

    it('keeps `zip` a job output, never a render format', async () => {
      const refused = await h.testApp.request('POST', '/api/generate', { apiKey: h.owner.apiKey, body: { templateId: h.templateId, format: 'zip' } });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
    });
  });

  describe('when the result cannot be written', () => {
    let storage: FlakyResultStorage;
    let directory: string;
    let h: Harness;

    beforeAll(async () => {
      directory = mkdtempSync(join(tmpdir(), 'pictor-flaky-store-'));
      storage = new FlakyResultStorage(directory);
      h = await harness({}, storage);
    });

    afterAll(async () => {
      await h?.testApp.close();
      rmSync(directory, { recursive: true, force: true });
    });

    it('tries a store that is down again, and writes the result when it is back', async () => {
      storage.failures = 2;
      const created = await h.testApp.request('POST', '/api/jobs', {
        apiKey: h.owner.apiKey,
        body: { templateId: h.templateId, rows: rowsOf(2, 'Retry'), output: 'zip', ...SIZE },
      });
      // Each retry waits 10 s × attempt by the (fake) clock; the job stays running meanwhile.
      await until(() => storage.failures === 1);
      expect((await job(h, created.body.id)).status).toBe('running');
      h.testApp.clock.advance(11_000);
      await until(() => storage.failures === 0);
      h.testApp.clock.advance(21_000);
      await until(async () => (await job(h, created.body.id)).status === 'completed');
      const finished = await job(h, created.body.id);
      expect(finished).toMatchObject({ done: 2, resultError: null });
      expect([...(await unzipResult(h.testApp, finished.resultUrl)).keys()]).toEqual(['0.png', '1.png']);
    });

    it('ends the job completed, without resultUrl and with resultError, once the store stayed down three times', async () => {
      storage.failures = 3;
      const created = await h.testApp.request('POST', '/api/jobs', {
        apiKey: h.owner.apiKey,
        body: { templateId: h.templateId, rows: rowsOf(2, 'Down'), output: 'zip', ...SIZE },
      });
      await until(() => storage.failures === 2);
      h.testApp.clock.advance(11_000);
      await until(() => storage.failures === 1);
      h.testApp.clock.advance(21_000);
      await until(async () => (await job(h, created.body.id)).status === 'completed');
      expect(await job(h, created.body.id)).toMatchObject({
        status: 'completed',
        done: 2,
        failed: 0,
        progress: 1,
        resultUrl: null,
        resultError: { code: 'storage_unavailable', message: expect.stringContaining('unavailable') },
      });
      // The rows stay drawn and listed.
      const { data } = (await h.testApp.request('GET', `/api/jobs/${created.body.id}/items`, { apiKey: h.owner.apiKey })).body;
      expect(data.map((item: { status: string }) => item.status)).toEqual(['succeeded', 'succeeded']);
    });

    it('gives up at once on a failure that will not pass, saying only that the file could not be written', async () => {
      storage.failures = 1;
      storage.error = () => new Error('disk quirk with /internal/path');
      const finished = await runZipJob(h, rowsOf(1, 'Broken'));
      expect(finished).toMatchObject({ resultUrl: null, resultError: { code: 'result_failed', message: 'The result file could not be written' } });
    });
  });

  describe('on an S3-compatible store (s3rver)', () => {
    let s3: Awaited<ReturnType<typeof startS3Server>>;
    let h: Harness;

    beforeAll(async () => {
      s3 = await startS3Server(['pictor-results']);
      h = await harness({ STORAGE_URL: 's3://pictor-results/v1', S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'true', ...S3_TEST_CREDENTIALS });
    });

    afterAll(async () => {
      await h?.testApp.close();
      await s3?.close();
    });

    it('streams the ZIP into the bucket and serves it back, each entry the item image', async () => {
      const finished = await runZipJob(h, rowsOf(5, 'Bucket'));
      expect(finished.resultUrl).toMatch(/\.zip$/);
      const entries = await unzipResult(h.testApp, finished.resultUrl);
      const expected = await expectedEntries(h, finished.id, 1);
      expect([...entries.keys()]).toEqual(['0.png', '1.png', '2.png', '3.png', '4.png']);
      for (const [name, bytes] of entries) expect(bytes.equals(expected.get(name)!)).toBe(true);
    });

    it('writes a stream larger than a part as a multipart upload, whole', async () => {
      const storage = h.testApp.get<ImageStorage>(ImageStorage as never);
      const { Readable: ReadableStream } = await import('node:stream');
      // 12 MiB in 64 KiB chunks: three parts of 5 MiB at most.
      const chunk = (index: number) => Buffer.alloc(64 * 1024, index % 251);
      const chunks = Array.from({ length: 192 }, (_, index) => chunk(index));
      const name = `${'ab'.repeat(32)}.zip`;
      await storage.putStream(name, ReadableStream.from(chunks));
      const stored = await storage.open(name);
      const parts: Buffer[] = [];
      for await (const part of stored!.stream) parts.push(part as Buffer);
      expect(Buffer.concat(parts).equals(Buffer.concat(chunks))).toBe(true);
    });
  });
});
