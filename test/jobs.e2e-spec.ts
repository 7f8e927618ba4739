import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountsService } from '../src/accounts/accounts.service';
import { QuotaCounterRepository } from '../src/billing/quota-counter.repository';
import { RenderErrorCode, RenderException } from '../src/render/render.exception';
import { RenderService } from '../src/render/render.service';
import { SqlTransactionRunner } from '../src/database/sql-transaction';
import { verifySignature } from '../src/webhooks/webhook-signature';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { metricValue } from './support/prometheus';
import { startSecondInstance, startTestApp, TestApp } from './support/test-app';
import { freshDatabaseUrl } from './support/test-database';

/** Polls `check` every 50 ms, for at most `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const titles = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => ({ title: { text: `${prefix} ${index}` } }));

describe('jobs (§22): bulk rendering on the in-process engine', () => {
  let testApp: TestApp;
  let receiver: HttpFixtureServer;
  let receiverUrl: string;
  let owner: TestAccount;
  let templateId: string;

  beforeAll(async () => {
    receiver = new HttpFixtureServer().route('/hook', (_request, response) => response.writeHead(204).end());
    receiverUrl = await receiver.start();
    testApp = await startTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    owner = await createAccount(testApp, { plan: 'pro' });
    templateId = await createTemplate(testApp, owner.apiKey);
  });

  // Closing waits for the lanes' rows and BullMQ's workers; on a loaded CI machine it once took over 30 s (MariaDB + Redis).
  afterAll(async () => {
    await testApp?.close();
    await receiver?.stop();
  }, 90_000);

  const create = (body: unknown, account = owner) => testApp.request('POST', '/api/jobs', { apiKey: account.apiKey, body });
  const job = async (id: string, account = owner) => (await testApp.request('GET', `/api/jobs/${id}`, { apiKey: account.apiKey })).body;
  const items = async (id: string, cursor?: string) =>
    (await testApp.request('GET', `/api/jobs/${id}/items${cursor ? `?cursor=${cursor}` : ''}`, { apiKey: owner.apiKey })).body;
  const used = async (account: TestAccount) => (await testApp.request('GET', '/api/usage', { apiKey: account.apiKey })).body.quota.used as number;
  /** Units counted and neither committed nor given back: none once a job has ended. */
  const openLeases = (account: TestAccount) => testApp.get(QuotaCounterRepository).openLeases(account.account.id);
  const ended = (id: string, account = owner) => until(async () => ['completed', 'canceled'].includes((await job(id, account)).status));

  it('refuses a bad request with a clear 4xx and creates nothing', async () => {
    const account = await createAccount(testApp, { plan: 'pro' });
    const ownTemplate = await createTemplate(testApp, account.apiKey);
    const cases: Array<[unknown, number, string]> = [
      [{ templateId: ownTemplate }, 400, 'validation_failed'],
      [{ templateId: ownTemplate, rows: [] }, 400, 'validation_failed'],
      [{ templateId: ownTemplate, rows: Array.from({ length: 10_001 }, () => ({})) }, 400, 'validation_failed'],
      [{ templateId: ownTemplate, rows: ['text'] }, 400, 'validation_failed'],
      [{ templateId: ownTemplate, rows: [{}], output: 'pdf', format: 'png' }, 400, 'validation_failed'],
      [{ templateId: ownTemplate, rows: [{}], output: 'tiff' }, 400, 'validation_failed'],
      [{ templateId: ownTemplate, rows: [{}], extra: 1 }, 400, 'validation_failed'],
      [{ templateId: ownTemplate, rows: [{}], metadata: { blob: 'x'.repeat(4100) } }, 400, 'validation_failed'],
      [{ templateId: ownTemplate, rows: [{}], metadata: [1] }, 400, 'validation_failed'],
      [{ templateId: ownTemplate, rows: [{}], webhookUrl: 'ftp://example.com' }, 400, 'webhook_url_invalid'],
      [{ templateId: ownTemplate, rows: [{}], webhookUrl: 'http://10.0.0.1/hook' }, 400, 'webhook_url_forbidden'],
      [{ templateId: ownTemplate, rows: [{}], webhookUrl: `${receiverUrl}/hook` }, 400, 'webhook_secret_missing'],
      [{ templateId: 'tpl_doesNotExist000000', rows: [{}] }, 404, 'template_not_found'],
      [{ templateId, rows: [{}] }, 404, 'template_not_found'],
      [{ templateId: ownTemplate, rows: [{ title: { text: 'ok' } }, { subtitle: { text: 'no such layer' } }] }, 400, 'validation_failed'],
      [
        { templateId: ownTemplate, rows: [{ badge: { text: 'a rect has text' } }, { badge: { imageUrl: 'https://example.com/a.png' } }] },
        400,
        'validation_failed',
      ],
    ];
    for (const [body, status, code] of cases) {
      const response = await create(body, account);
      expect({ body, status: response.status, code: response.body.code }).toEqual({ body, status, code });
    }
    const unknownLayer = await create({ templateId: ownTemplate, rows: [{ title: { text: 'ok' } }, { subtitle: { text: 'x' } }] }, account);
    expect(unknownLayer.body.details).toEqual([{ path: 'rows.1.subtitle', message: 'the template has no layer "subtitle"' }]);
    const unknownField = await create({ templateId: ownTemplate, rows: [{ badge: { imageUrl: 'https://example.com/a.png' } }] }, account);
    expect(unknownField.body.details).toEqual([{ path: 'rows.0.badge.imageUrl', message: 'a rect layer has no overridable field "imageUrl"' }]);
    expect((await testApp.request('GET', '/api/jobs', { apiKey: account.apiKey })).body).toEqual({ data: [], nextCursor: null });
    expect(Number((await testApp.dataSource.query('SELECT COUNT(*) AS n FROM job_items WHERE account_id = ?', [account.account.id]))[0].n)).toBe(0);
    expect(await used(account)).toBe(0);
  });

  it('renders every row like POST /api/generate: 202 + Location, items with URLs, cached duplicates, usage = fresh rows, metadata kept', async () => {
    const account = await createAccount(testApp, { plan: 'pro' });
    const ownTemplate = await createTemplate(testApp, account.apiKey);
    const rows = [{ title: { text: 'Ada' } }, { title: { text: 'Grace' } }, { title: { text: 'Ada' } }, {}];
    const created = await create({ templateId: ownTemplate, rows, metadata: { campaign: 'spring', n: 1 } }, account);
    expect(created.status).toBe(202);
    expect(created.headers.get('location')).toBe(`/api/jobs/${created.body.id}`);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^job_[0-9A-Za-z]{20}$/),
      status: 'queued',
      templateId: ownTemplate,
      format: 'png',
      output: 'images',
      total: 4,
      done: 0,
      failed: 0,
      progress: 0,
      resultUrl: null,
      resultError: null,
      metadata: { campaign: 'spring', n: 1 },
      createdAt: expect.any(String),
      startedAt: null,
      finishedAt: null,
    });
    await ended(created.body.id, account);
    const finished = await job(created.body.id, account);
    expect(finished).toMatchObject({ status: 'completed', done: 4, failed: 0, progress: 1, metadata: { campaign: 'spring', n: 1 } });
    expect(finished.startedAt).toEqual(expect.any(String));
    expect(finished.finishedAt).toEqual(expect.any(String));
    const page = (await testApp.request('GET', `/api/jobs/${created.body.id}/items`, { apiKey: account.apiKey })).body;
    expect(page.nextCursor).toBeNull();
    expect(page.data.map((item: { index: number; status: string }) => [item.index, item.status])).toEqual([
      [0, 'succeeded'],
      [1, 'succeeded'],
      [2, 'succeeded'],
      [3, 'succeeded'],
    ]);
    // Rows 0 and 2 are one render: drawn once, billed once.
    expect(page.data[0].imageUrl).toBe(page.data[2].imageUrl);
    expect(page.data.filter((item: { cached: boolean }) => item.cached)).toHaveLength(1);
    // The cached row's unit, counted ahead with its claim, went back: nothing is left counted but the three drawn.
    expect(await used(account)).toBe(3);
    expect(await openLeases(account)).toBe(0);
    // The same render sent alone is a cache hit: the job's rows are the generate endpoint's renders.
    const alone = await testApp.request('POST', '/api/generate', { apiKey: account.apiKey, body: { templateId: ownTemplate, layers: rows[1] } });
    expect(alone.body).toMatchObject({ cached: true, imageUrl: page.data[1].imageUrl });
    const image = await fetch(testApp.baseUrl + new URL(page.data[1].imageUrl).pathname);
    expect(image.status).toBe(200);
  });

  it('counts its rows in /metrics: outcomes, row latency, and none left running', async () => {
    const metrics = async () => (await testApp.request('GET', '/metrics')).text;
    const before = await metrics();
    const created = await create({ templateId, rows: [...titles(2, 'metrics'), { title: { fontSize: 0 } }] });
    await ended(created.body.id);
    const after = await metrics();
    const delta = (name: string, labels: Record<string, string> = {}) => metricValue(after, name, labels) - metricValue(before, name, labels);
    expect(delta('pictor_job_rows_total', { outcome: 'succeeded' })).toBe(2);
    expect(delta('pictor_job_rows_total', { outcome: 'failed' })).toBe(1);
    expect(delta('pictor_job_row_duration_seconds_count')).toBe(3);
    expect(metricValue(after, 'pictor_job_rows_running')).toBe(0);
  });

  it("records a freshly drawn row inside its render's commit, with the next row's claim and unit: one transaction a row", async () => {
    const transactions = jest.spyOn(SqlTransactionRunner.prototype, 'run');
    try {
      const transactionsFor = async (count: number) => {
        transactions.mockClear();
        const response = await create({ templateId, rows: titles(count, `transactions ${randomBytes(6).toString('hex')}`) });
        await ended(response.body.id);
        expect(await job(response.body.id)).toMatchObject({ status: 'completed', done: count, failed: 0 });
        return transactions.mock.calls.length;
      };
      // The job's own transactions (creating, starting and ending it) are the same for both: the difference is the rows'.
      const perRow = ((await transactionsFor(24)) - (await transactionsFor(4))) / 20;
      // A fresh row's transaction: the commit that records its image, its unit and the row, and claims the next row with
      // that row's unit counted; plus a fifth of one for the job's bookkeeping (measured 1.2 on SQLite and MariaDB +
      // Redis; with each row's unit reserved in a transaction of its own, 2.2; with the row also recorded apart, 3.2).
      expect(perRow).toBeLessThanOrEqual(1.5);
    } finally {
      transactions.mockRestore();
    }
  });

  it("records a fresh row's drawing warnings as the render answers them (the record made inside its commit)", async () => {
    const layers = { title: { text: `truncated ${randomBytes(6).toString('hex')} ${'word '.repeat(400)}` } };
    const created = await create({ templateId, rows: [layers] });
    await ended(created.body.id);
    const [item] = (await items(created.body.id)).data;
    expect(item).toMatchObject({ status: 'succeeded', cached: false });
    expect(item.warnings).toEqual([expect.objectContaining({ code: 'text_truncated', layer: 'title' })]);
    // The same render sent alone is a cache hit answering the same URL and warnings.
    const alone = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers } });
    expect(alone.body).toMatchObject({ cached: true, imageUrl: item.imageUrl, warnings: item.warnings });
  });

  it('fails a row whose values are invalid with its error body, and goes on with the others', async () => {
    const usedBefore = await used(owner);
    const rows = [
      { title: { text: `fine ${randomBytes(6).toString('hex')}` } },
      { title: { text: 'x'.repeat(5001) } },
      { badge: { fill: 'not a colour' } },
      { title: { text: `also fine ${randomBytes(6).toString('hex')}` } },
    ];
    const created = await create({ templateId, rows });
    expect(created.status).toBe(202);
    await ended(created.body.id);
    expect(await job(created.body.id)).toMatchObject({ status: 'completed', total: 4, done: 2, failed: 2 });
    const { data } = await items(created.body.id);
    expect(data.map((item: { status: string }) => item.status)).toEqual(['succeeded', 'failed', 'failed', 'succeeded']);
    expect(data[1]).toEqual({
      index: 1,
      status: 'failed',
      imageUrl: null,
      cached: false,
      warnings: [],
      error: expect.objectContaining({ statusCode: 400, code: 'validation_failed', message: expect.stringContaining('layers.title.text') }),
    });
    expect(data[2].error).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    // The refused rows' units, counted ahead with their claims, went back.
    expect(await used(owner)).toBe(usedBefore + 2);
    expect(await openLeases(owner)).toBe(0);
  });

  it("gives back the unit counted with a row's claim when the row does not draw (refused, or a cache hit)", async () => {
    const account = await createAccount(testApp, { plan: 'pro' });
    const ownTemplate = await createTemplate(testApp, account.apiKey);
    const unique = randomBytes(6).toString('hex');
    // Fresh rows pass their claims on with the next row's unit counted; most of those next rows never draw.
    const refused = { badge: { fill: 'not a colour' } };
    const repeated = { title: { text: `repeated ${unique}` } };
    const rows = [
      { title: { text: `first ${unique}` } },
      refused,
      refused,
      repeated,
      refused,
      repeated,
      refused,
      repeated,
      { title: { text: `last ${unique}` } },
      refused,
      repeated,
    ];
    const created = await create({ templateId: ownTemplate, rows }, account);
    await ended(created.body.id, account);
    expect(await job(created.body.id, account)).toMatchObject({ status: 'completed', done: 6, failed: 5 });
    // Three distinct drawings: three units, none left counted for the rows that did not draw.
    expect(await used(account)).toBe(3);
    expect(await openLeases(account)).toBe(0);
  });

  it('bills rows against the monthly quota but not the minute, and fails the rest with quota_exceeded when it runs out', async () => {
    const account = await createAccount(testApp, { plan: 'pro' });
    await testApp.get(AccountsService).setLimits(account.account.id, { monthly: 3, perMinute: 1 });
    const ownTemplate = await createTemplate(testApp, account.apiKey);
    const created = await create({ templateId: ownTemplate, rows: titles(5, 'quota') }, account);
    await ended(created.body.id, account);
    expect(await job(created.body.id, account)).toMatchObject({ status: 'completed', done: 3, failed: 2 });
    const { data } = (await testApp.request('GET', `/api/jobs/${created.body.id}/items`, { apiKey: account.apiKey })).body;
    const failures = data.filter((item: { status: string }) => item.status === 'failed');
    expect(failures.map((item: { error: { code: string } }) => item.error.code)).toEqual(['quota_exceeded', 'quota_exceeded']);
    expect(failures[0].error).toMatchObject({ statusCode: 429, limit: 3, remaining: 0 });
    expect(await used(account)).toBe(3);
    expect(await openLeases(account)).toBe(0);
    // Three fresh rows with a one-per-minute limit: the minute was never spent.
    expect((await testApp.request('GET', '/api/usage', { apiKey: account.apiKey })).body.rateLimit).toMatchObject({ limit: 1, remaining: 1 });
  });

  it('draws at most JOB_CONCURRENCY_PER_ACCOUNT (2) rows of an account at once', async () => {
    const renders = testApp.get(RenderService);
    const original = renders.renderTemplate.bind(renders);
    let active = 0;
    let most = 0;
    const spy = jest.spyOn(renders, 'renderTemplate').mockImplementation(async (...args) => {
      most = Math.max(most, ++active);
      try {
        await new Promise((resolve) => setTimeout(resolve, 30));
        return await original(...args);
      } finally {
        active--;
      }
    });
    try {
      const created = await create({ templateId, rows: titles(8, 'concurrency') });
      await ended(created.body.id);
      expect(await job(created.body.id)).toMatchObject({ done: 8 });
    } finally {
      spy.mockRestore();
    }
    expect(most).toBe(2);
  });

  it('pages jobs newest first and items 100 at a time with cursors', async () => {
    const account = await createAccount(testApp, { plan: 'pro' });
    const ownTemplate = await createTemplate(testApp, account.apiKey);
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      ids.push(
        (await create({ templateId: ownTemplate, rows: Array.from({ length: index === 2 ? 150 : 1 }, () => ({ title: { text: 'same' } })) }, account)).body.id,
      );
      testApp.clock.advance(10);
    }
    const first = (await testApp.request('GET', '/api/jobs?limit=2', { apiKey: account.apiKey })).body;
    expect(first.data.map((entry: { id: string }) => entry.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await testApp.request('GET', `/api/jobs?limit=2&cursor=${first.nextCursor}`, { apiKey: account.apiKey })).body;
    expect(second).toEqual({ data: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    expect((await testApp.request('GET', '/api/jobs?cursor=bogus', { apiKey: account.apiKey })).status).toBe(400);

    await ended(ids[2], account);
    const pageOne = (await testApp.request('GET', `/api/jobs/${ids[2]}/items`, { apiKey: account.apiKey })).body;
    expect(pageOne.data).toHaveLength(100);
    expect(pageOne.nextCursor).toBe('100');
    const pageTwo = (await testApp.request('GET', `/api/jobs/${ids[2]}/items?cursor=${pageOne.nextCursor}`, { apiKey: account.apiKey })).body;
    expect(pageTwo.data.map((item: { index: number }) => item.index)).toEqual(Array.from({ length: 50 }, (_, index) => 100 + index));
    expect(pageTwo.nextCursor).toBeNull();
    expect((await testApp.request('GET', `/api/jobs/${ids[2]}/items?cursor=-1`, { apiKey: account.apiKey })).status).toBe(400);
  });

  it("answers 404 job_not_found for another account's job, exactly as for a missing one", async () => {
    const created = await create({ templateId, rows: [{}] });
    const stranger = await createAccount(testApp, { plan: 'pro' });
    for (const [method, path] of [
      ['GET', `/api/jobs/${created.body.id}`],
      ['GET', `/api/jobs/${created.body.id}/items`],
      ['DELETE', `/api/jobs/${created.body.id}`],
      ['GET', '/api/jobs/job_missing00000000000000'],
    ]) {
      const response = await testApp.request(method, path, { apiKey: stranger.apiKey });
      expect({ path, status: response.status, code: response.body.code }).toEqual({ path, status: 404, code: 'job_not_found' });
    }
    await ended(created.body.id);
    expect((await job(created.body.id)).status).toBe('completed');
  });

  it('sends one signed job.completed webhook with the job to a real receiver', async () => {
    const account = await createAccount(testApp, { plan: 'pro' });
    const ownTemplate = await createTemplate(testApp, account.apiKey);
    const secret = (await testApp.request('POST', '/api/settings/webhook-secret', { apiKey: account.apiKey })).body.webhookSecret;
    const before = receiver.requests.length;
    const created = await create({ templateId: ownTemplate, rows: titles(3, 'hooked'), webhookUrl: `${receiverUrl}/hook`, metadata: { order: 42 } }, account);
    await ended(created.body.id, account);
    await until(() => receiver.requests.length === before + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const delivered = receiver.requests.slice(before);
    expect(delivered).toHaveLength(1);
    const [delivery] = delivered;
    expect(verifySignature({ header: delivery.headers['x-service-signature'] as string, rawBody: delivery.body, secret })).toBe(true);
    const payload = JSON.parse(delivery.body.toString('utf8'));
    expect(payload).toEqual({ event: 'job.completed', job: await job(created.body.id, account) });
    expect(payload.job).toMatchObject({ status: 'completed', done: 3, metadata: { order: 42 } });
  });

  it('cancels: rows not started are never drawn nor billed, the job ends canceled, and the webhook says so', async () => {
    const account = await createAccount(testApp, { plan: 'pro' });
    const ownTemplate = await createTemplate(testApp, account.apiKey);
    await testApp.request('POST', '/api/settings/webhook-secret', { apiKey: account.apiKey });
    const before = receiver.requests.length;
    const created = await create({ templateId: ownTemplate, rows: titles(100, 'cancel'), webhookUrl: `${receiverUrl}/hook` }, account);
    await until(async () => (await job(created.body.id, account)).done >= 1);
    const canceled = await testApp.request('DELETE', `/api/jobs/${created.body.id}`, { apiKey: account.apiKey });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', finishedAt: expect.any(String) });
    // Rows that were drawing finish; then nothing moves.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const settled = await job(created.body.id, account);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const later = await job(created.body.id, account);
    expect(later).toEqual(settled);
    expect(later.status).toBe('canceled');
    expect(later.done).toBeLessThan(100);
    expect(await used(account)).toBe(later.done);
    const pending = (await testApp.request('GET', `/api/jobs/${created.body.id}/items`, { apiKey: account.apiKey })).body.data.filter(
      (item: { status: string }) => item.status === 'pending',
    );
    expect(pending.length).toBe(100 - later.done - later.failed);
    // Canceling again changes nothing.
    expect((await testApp.request('DELETE', `/api/jobs/${created.body.id}`, { apiKey: account.apiKey })).body).toEqual(later);
    await until(() => receiver.requests.length === before + 1);
    expect(JSON.parse(receiver.requests[before].body.toString('utf8'))).toMatchObject({
      event: 'job.canceled',
      job: { id: created.body.id, status: 'canceled' },
    });
  });

  it('treats __proto__, constructor and toString as layer names in JSON rows (§20)', async () => {
    const names = ['__proto__', 'constructor', 'toString'];
    const template = `{"name":"names","width":300,"height":100,"layers":[${names
      .map((name, index) => `{"name":"${name}","type":"rect","x":${index * 100},"y":0,"width":100,"height":100,"fill":"#000000"}`)
      .join(',')}]}`;
    const ownTemplate = (
      await testApp.request('POST', '/api/templates', { apiKey: owner.apiKey, rawBody: template, headers: { 'content-type': 'application/json' } })
    ).body.id;
    const layers = '{"__proto__":{"fill":"#ff0000"},"constructor":{"fill":"#00ff00"},"toString":{"hidden":true}}';
    const rawBody = `{"templateId":"${ownTemplate}","rows":[${layers}]}`;
    const created = await testApp.request('POST', '/api/jobs', { apiKey: owner.apiKey, rawBody, headers: { 'content-type': 'application/json' } });
    expect(created.status).toBe(202);
    await ended(created.body.id);
    const [item] = (await items(created.body.id)).data;
    expect(item).toMatchObject({ status: 'succeeded', warnings: [] });
    const alone = await testApp.request('POST', '/api/generate', {
      apiKey: owner.apiKey,
      rawBody: `{"templateId":"${ownTemplate}","layers":${layers}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(alone.body).toMatchObject({ cached: true, imageUrl: item.imageUrl });
    const unknown = await testApp.request('POST', '/api/jobs', {
      apiKey: owner.apiKey,
      rawBody: `{"templateId":"${ownTemplate}","rows":[{"__proto__":{"text":"a rect has no text"}}]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(unknown.body.details).toEqual([{ path: 'rows.0.__proto__.text', message: 'a rect layer has no overridable field "text"' }]);
  });

  describe('CSV input', () => {
    const csvForm = (csv: string | Buffer, fields: Record<string, string> = { templateId }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv]), 'rows.csv');
      return form;
    };
    const upload = async (form: FormData, account = owner) => {
      const encoded = new Response(form);
      const rawBody = Buffer.from(await encoded.arrayBuffer());
      return testApp.request('POST', '/api/jobs', { apiKey: account.apiKey, rawBody, headers: { 'content-type': encoded.headers.get('content-type')! } });
    };
    const generate = (layers: object, extra: object = {}) =>
      testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers, ...extra } });

    it('reads quotes, embedded newlines, a BOM, empty cells as no override, and the other fields from the form', async () => {
      const csv = '\ufefftitle.text,title.fontSize,badge.fill\r\n"Quoted, with a comma",48,#ff0000\r\n"Two\nlines ""quoted""",,\r\n,,\r\nÉlodie ✓,,#00ff00\r\n';
      const created = await upload(csvForm(csv, { templateId, format: 'jpeg', quality: '70', metadata: '{"source":"csv"}' }));
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({ total: 4, format: 'jpeg', metadata: { source: 'csv' } });
      await ended(created.body.id);
      expect(await job(created.body.id)).toMatchObject({ status: 'completed', done: 4, failed: 0 });
      const { data } = await items(created.body.id);
      const expected = [
        { title: { text: 'Quoted, with a comma', fontSize: 48 }, badge: { fill: '#ff0000' } },
        { title: { text: 'Two\nlines "quoted"' } },
        {},
        { title: { text: 'Élodie ✓' }, badge: { fill: '#00ff00' } },
      ];
      for (const [index, layers] of expected.entries()) {
        // The row was read as these overrides: the same render sent alone is the row's image, from the cache.
        const alone = await generate(layers, { format: 'jpeg', quality: 70 });
        expect({ index, cached: alone.body.cached, imageUrl: alone.body.imageUrl }).toEqual({ index, cached: true, imageUrl: data[index].imageUrl });
      }
    });

    it('refuses a CSV that does not parse, names a column the template lacks, or is too large, and creates nothing', async () => {
      const account = await createAccount(testApp, { plan: 'pro' });
      const ownTemplate = await createTemplate(testApp, account.apiKey);
      const form = (csv: string | Buffer, fields: Record<string, string> = {}) => csvForm(csv, { templateId: ownTemplate, ...fields });
      const cases: Array<[string, FormData, number, string, string | null]> = [
        ['a broken quote', form('title.text\nfine\n"never closed\nmore\n'), 400, 'csv_invalid', 'line 4'],
        ['a stray quote', form('title.text\nfine\n"closed"then text\n'), 400, 'csv_invalid', 'line 3'],
        ['a row with too many cells', form('title.text\nfine\na,b\n'), 400, 'csv_invalid', 'line 3'],
        ['invalid UTF-8', form(Buffer.concat([Buffer.from('title.text\nfine\n'), Buffer.from([0x41, 0xff, 0xfe, 0x0a])])), 400, 'csv_invalid', 'line 3'],
        ['an unknown layer column', form('title.text,subtitle.text\nfine,\n'), 400, 'validation_failed', 'file.subtitle'],
        ['an unknown field column', form('title.text,badge.imageUrl\nfine,\n'), 400, 'validation_failed', 'file.badge.imageUrl'],
        ['a column that is not <layer>.<field>', form('title\nfine\n'), 400, 'validation_failed', '<layer>.<field>'],
        ['a header without rows', form('title.text\n'), 400, 'validation_failed', null],
        ['an empty file', form(''), 400, 'validation_failed', null],
        ['10,001 rows', form(`title.text\n${'x\n'.repeat(10_001)}`), 400, 'validation_failed', 'rows'],
        ['an 11 MiB file', form(`title.text\n${'x'.repeat(11 * 1024 * 1024)}\n`), 413, 'payload_too_large', null],
        ['metadata that is not JSON', form('title.text\nfine\n', { metadata: '{nope' }), 400, 'validation_failed', 'metadata'],
        ['an unknown form field', form('title.text\nfine\n', { colour: 'red' }), 400, 'validation_failed', 'colour'],
        ['another account template', csvForm('title.text\nfine\n', { templateId }), 404, 'template_not_found', null],
      ];
      const noFile = new FormData();
      noFile.append('templateId', ownTemplate);
      cases.push(['no file', noFile, 400, 'validation_failed', 'file']);
      for (const [name, body, status, code, mention] of cases) {
        const response = await upload(body, account);
        expect({ name, status: response.status, code: response.body.code }).toEqual({ name, status, code });
        if (mention) expect({ name, message: response.body.message }).toEqual({ name, message: expect.stringContaining(mention) });
      }
      expect((await testApp.request('GET', '/api/jobs', { apiKey: account.apiKey })).body.data).toEqual([]);
    });
  });
});

describe('jobs survive a restart', () => {
  it('resumes after the server stops mid-job, takes back a dead claim once it expires, and bills only rows drawn fresh', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pictor-jobs-'));
    const database = await freshDatabaseUrl(dataDir);
    const shared = { dataDir, databaseUrl: database.url, redisPrefix: `pictor-test-${randomBytes(6).toString('hex')}:` };
    const env = { JOB_CONCURRENCY_PER_ACCOUNT: '1' };
    let first: TestApp | null = await startTestApp({ env, shared });
    let second: TestApp | null = null;
    try {
      const owner = await createAccount(first, { plan: 'pro' });
      const templateId = await createTemplate(first, owner.apiKey);
      const created = await first.request('POST', '/api/jobs', { apiKey: owner.apiKey, body: { templateId, rows: titles(20, 'restart') } });
      const id = created.body.id as string;
      const app1 = first;
      await until(async () => (await app1.request('GET', `/api/jobs/${id}`, { apiKey: owner.apiKey })).body.done >= 2);
      // The row drawing when the server stops fails with a 5xx (its pool closes under it): that is the shutdown's
      // failure, not the row's, so the row must be drawn after the restart, not recorded as failed.
      let entered!: () => void;
      const drawing = new Promise<void>((resolve) => (entered = resolve));
      jest.spyOn(first.get(RenderService), 'renderTemplate').mockImplementation(async () => {
        entered();
        await new Promise((resolve) => setTimeout(resolve, 300));
        throw new RenderException(RenderErrorCode.RENDER_FAILED, 'The image could not be rendered');
      });
      await Promise.race([drawing, new Promise((_, reject) => setTimeout(() => reject(new Error('no row started')), 30_000).unref())]);
      // A process killed while drawing leaves its claim behind: the last row, claimed for ten minutes by nobody.
      await first.dataSource.query("UPDATE job_items SET claim_token = 'dead', claimed_until = ? WHERE job_id = ? AND item_index = 19", [
        new Date(Date.now() + 600_000).toISOString().slice(0, 23).replace('T', ' '),
        id,
      ]);
      await first.close();
      first = null;

      second = await startTestApp({ env, shared });
      const app = second;
      const get = async () => (await app.request('GET', `/api/jobs/${id}`, { apiKey: owner.apiKey })).body;
      const resumed = await get();
      expect(resumed.done).toBeGreaterThanOrEqual(2);
      expect(resumed.done).toBeLessThan(19);
      // Concurrency 1, and the dead claim is the account's one live row: nothing moves until it expires.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await get()).done).toBe(resumed.done);
      app.clock.advance(601_000);
      await until(async () => (await get()).status === 'completed');
      expect(await get()).toMatchObject({ total: 20, done: 20, failed: 0 });
      const rows = (await app.request('GET', `/api/jobs/${id}/items`, { apiKey: owner.apiKey })).body.data;
      // Every row recorded once, from its own fresh drawing; usage is exactly those drawings.
      expect(rows.filter((item: { cached: boolean }) => item.cached)).toEqual([]);
      expect((await app.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used).toBe(20);
    } finally {
      await first?.close();
      await second?.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('jobs on two instances sharing a database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp();
    second = await startSecondInstance(first);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('draws each row once whichever instance claims it, and bills exactly the rows', async () => {
    const owner = await createAccount(first, { plan: 'pro' });
    const templateId = await createTemplate(first, owner.apiKey);
    const renders = [first, second].map((app) => {
      const service = app.get(RenderService);
      const original = service.renderTemplate.bind(service);
      const counter = { calls: 0 };
      jest.spyOn(service, 'renderTemplate').mockImplementation(async (...args) => {
        counter.calls++;
        return original(...args);
      });
      return counter;
    });
    try {
      const created = await first.request('POST', '/api/jobs', { apiKey: owner.apiKey, body: { templateId, rows: titles(16, 'shared') } });
      const id = created.body.id as string;
      await until(async () => (await second.request('GET', `/api/jobs/${id}`, { apiKey: owner.apiKey })).body.status === 'completed');
      expect((await second.request('GET', `/api/jobs/${id}`, { apiKey: owner.apiKey })).body).toMatchObject({ done: 16, failed: 0 });
      expect(renders[0].calls + renders[1].calls).toBe(16);
      const rows = (await first.request('GET', `/api/jobs/${id}/items`, { apiKey: owner.apiKey })).body.data;
      expect(rows.filter((item: { cached: boolean }) => item.cached)).toEqual([]);
      expect((await first.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used).toBe(16);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('creates one job when the same Idempotency-Key reaches both instances at once', async () => {
    const owner = await createAccount(first, { plan: 'pro' });
    const templateId = await createTemplate(first, owner.apiKey);
    const body = { templateId, rows: [{ title: { text: 'one job' } }] };
    const headers = { 'idempotency-key': 'same-key-two-instances' };
    const answers = await Promise.all([first, second].map((app) => app.request('POST', '/api/jobs', { apiKey: owner.apiKey, body, headers })));
    // One ran; the other found it running (409) or, if it had already answered, got its replay.
    const statuses = answers.map((answer) => answer.status).sort();
    expect([
      [202, 409],
      [202, 202],
    ]).toContainEqual(statuses);
    expect(answers.filter((answer) => answer.status === 202 && answer.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect((await second.request('GET', '/api/jobs', { apiKey: owner.apiKey })).body.data).toHaveLength(1);
  });
});
