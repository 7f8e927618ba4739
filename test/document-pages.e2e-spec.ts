import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { AccountsService } from '../src/accounts/accounts.service';
import { QuotaCounterRepository } from '../src/billing/quota-counter.repository';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { storedFiles } from './support/stored-files';
import { startSecondInstance, startTestApp, TestApp } from './support/test-app';

/** POST /api/generate/document (§21): several pages in one PDF, read back by poppler and qpdf. */
const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const TICKET = {
  name: 'Ticket',
  width: 600,
  height: 300,
  background: '#ffffff',
  layers: [{ name: 'label', type: 'text', x: 20, y: 20, width: 560, height: 120, text: 'Default', fontSize: 40, color: '#111111' }],
};

describe('Documents: several pages in one PDF (§21)', () => {
  let testApp: TestApp;
  let images: HttpFixtureServer;
  let imagesUrl: string;
  let work: string;
  let sequence = 0;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'pictor-document-pages-'));
    const picture = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#e11d48' } })
      .png()
      .toBuffer();
    images = new HttpFixtureServer();
    images.route('/photo.png', (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(picture));
    imagesUrl = await images.start();
    testApp = await startTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
  });

  afterAll(async () => {
    await testApp?.close();
    await images?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  async function owner(limits: { monthly?: number; perMinute?: number } = {}) {
    const account = await createAccount(testApp, { plan: 'pro' });
    if (limits.monthly !== undefined || limits.perMinute !== undefined) await testApp.get(AccountsService).setLimits(account.account.id, limits);
    const cardId = await createTemplate(testApp, account.apiKey);
    const ticketId = await createTemplate(testApp, account.apiKey, TICKET);
    return { account, cardId, ticketId };
  }

  const documentOf = (account: TestAccount, body: unknown, headers?: Record<string, string>) =>
    testApp.request('POST', '/api/generate/document', { apiKey: account.apiKey, body, ...(headers ? { headers } : {}) });
  const usage = async (account: TestAccount) => (await testApp.request('GET', '/api/usage', { apiKey: account.apiKey })).body;
  const storedCount = () => storedFiles(testApp.config.imagesDir).length;
  /** `count` pages of the card, each with a text no other test uses (so the document is drawn fresh). */
  const cardPages = (cardId: string, count: number) =>
    Array.from({ length: count }, () => ({ templateId: cardId, layers: { title: { text: `page ${++sequence}` } } }));

  it('draws pages of two templates, each at its own size, in order, as one valid PDF; billed per page; an identical request is a free cache hit', async () => {
    const { account, cardId, ticketId } = await owner();
    const body = {
      pages: [
        { templateId: cardId, layers: { title: { text: 'First page card' }, avatar: { imageUrl: `${imagesUrl}/photo.png` } }, width: 800, height: 420 },
        { templateId: ticketId, layers: { label: { text: 'Second page ticket' }, nothing: { text: 'x' } } },
        { templateId: cardId, layers: { title: { text: 'Third page card' } }, width: 400, height: 200 },
      ],
      format: 'pdf',
    };
    const before = await usage(account);
    const answer = await documentOf(account, body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, cached: false, pages: 3 });
    expect(answer.body.imageUrl).toMatch(/^http:\/\/pictor\.test\/api\/images\/generated\/[0-9a-f]{64}\.pdf$/);
    // The override of a layer the ticket lacks warns, naming its page.
    expect(answer.body.warnings).toEqual([expect.objectContaining({ code: 'unknown_layer', layer: 'nothing', page: 1 })]);
    expect(answer.headers.get('x-cache')).toBe('MISS');

    const file = await testApp.request('GET', new URL(answer.body.imageUrl).pathname);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const path = join(work, 'three-pages.pdf');
    writeFileSync(path, file.bytes);

    const info = run('pdfinfo', ['-f', '1', '-l', '3', path]);
    expect(info).toMatch(/Pages:\s+3\n/);
    const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((match) => [Number(match[1]), Number(match[2])]);
    // 1 px = 0.75 pt: 800×420, the ticket's own 600×300, and 400×200.
    expect(sizes).toEqual([
      [600, 315],
      [450, 225],
      [300, 150],
    ]);
    const pageText = (page: number) =>
      run('pdftotext', ['-f', String(page), '-l', String(page), path, '-'])
        .replace(/\s+/g, ' ')
        .trim();
    expect([1, 2, 3].map(pageText)).toEqual(['First page card', 'Second page ticket', 'Third page card']);
    expect(run('qpdf', ['--check', path])).toMatch(/No syntax or stream encoding errors found/);
    // The page's photo is embedded as an image (its own page only).
    expect(run('pdfimages', ['-list', path]).trim().split('\n').slice(2)).toEqual([expect.stringMatching(/^\s+1\s/)]);

    const after = await usage(account);
    expect(after.quota.used).toBe(before.quota.used + 3);
    // The per-minute limit counts the request once, whatever its pages.
    expect(after.rateLimit.remaining).toBe(before.rateLimit.remaining - 1);

    const again = await documentOf(account, { ...body, format: undefined });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, cached: true, pages: 3, imageUrl: answer.body.imageUrl });
    expect(again.body.warnings).toEqual(answer.body.warnings);
    expect(again.headers.get('x-cache')).toBe('HIT');
    const cachedUsage = await usage(account);
    expect(cachedUsage.quota.used).toBe(after.quota.used);
    expect(cachedUsage.rateLimit.remaining).toBe(after.rateLimit.remaining);

    // Another page order, or the PDF/A option, is another document.
    const reordered = await documentOf(account, { pages: [body.pages[1], body.pages[0], body.pages[2]] });
    expect(reordered.body).toMatchObject({ cached: false, pages: 3 });
    expect(reordered.body.imageUrl).not.toBe(answer.body.imageUrl);
    const archival = await documentOf(account, { ...body, pdf: { archival: true } });
    expect(archival.body).toMatchObject({ cached: false, pages: 3 });
    const archivalFile = await testApp.request('GET', new URL(archival.body.imageUrl).pathname);
    expect(archivalFile.bytes.toString('latin1')).toMatch(/pdfaid:part[^0-9]*2/);
  });

  it('is all or none: a document larger than what is left of the quota is a 429 naming what is left, and draws, counts and stores nothing', async () => {
    const { account, cardId } = await owner({ monthly: 2 });
    const files = storedCount();
    const refused = await documentOf(account, { pages: cardPages(cardId, 3) });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'quota_exceeded', limit: 2, used: 0, remaining: 2 });
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfter));
    expect((await usage(account)).quota.used).toBe(0);
    expect(storedCount()).toBe(files);

    const fits = await documentOf(account, { pages: cardPages(cardId, 2) });
    expect(fits.status).toBe(200);
    expect((await usage(account)).quota).toMatchObject({ used: 2, remaining: 0 });
    const over = await documentOf(account, { pages: cardPages(cardId, 1) });
    expect(over.body).toMatchObject({ code: 'quota_exceeded', remaining: 0 });
  });

  it('never lets concurrent documents together exceed the quota', async () => {
    const { account, cardId } = await owner({ monthly: 7 });
    // Six documents of two pages race for seven units: exactly three fit.
    const answers = await Promise.all(Array.from({ length: 6 }, () => documentOf(account, { pages: cardPages(cardId, 2) })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(3);
    for (const answer of refused) expect(answer.body).toMatchObject({ code: 'quota_exceeded', limit: 7 });
    expect((await usage(account)).quota.used).toBe(6);
  });

  it('counts the per-minute limit once per document', async () => {
    const { account, cardId } = await owner({ perMinute: 2 });
    expect((await documentOf(account, { pages: cardPages(cardId, 5) })).status).toBe(200);
    expect((await documentOf(account, { pages: cardPages(cardId, 5) })).status).toBe(200);
    const third = await documentOf(account, { pages: cardPages(cardId, 1) });
    expect(third.body).toMatchObject({ code: 'rate_limited', limit: 2 });
    expect((await usage(account)).quota.used).toBe(10);
  });

  it('refuses bad pages, page counts and formats with a 400 naming the page, and templates not the caller’s with a 404, counting nothing', async () => {
    const { account, cardId } = await owner();
    const stranger = await owner();
    const badPage = await documentOf(account, { pages: [{ templateId: cardId }, { templateId: cardId, width: 0 }] });
    expect(badPage.status).toBe(400);
    expect(badPage.body).toMatchObject({ code: 'validation_failed' });
    expect(badPage.body.message).toMatch(/^pages\.1\.width: /);
    const badOverride = await documentOf(account, { pages: [{ templateId: cardId, layers: { title: { text: 5 } } }] });
    expect(badOverride.body.message).toMatch(/^pages\.0\.layers\.title\.text: /);
    const formatInPage = await documentOf(account, { pages: [{ templateId: cardId, format: 'pdf' }] });
    expect(formatInPage.body.message).toMatch(/^pages\.0: Unrecognized key/);
    const tooMany = await documentOf(account, { pages: Array.from({ length: 101 }, () => ({ templateId: cardId })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^pages: must hold at most 100 pages/);
    expect((await documentOf(account, { pages: [] })).body.message).toMatch(/^pages: must hold at least 1 page/);
    const png = await documentOf(account, { pages: [{ templateId: cardId }], format: 'png' });
    expect(png.status).toBe(400);
    expect(png.body.message).toMatch(/^format: /);

    const foreign = await documentOf(account, { pages: [{ templateId: cardId }, { templateId: stranger.cardId }] });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'template_not_found' });
    expect(foreign.body.message).toMatch(/^pages\.1\.templateId: /);
    const unknown = await documentOf(account, { pages: [{ templateId: 'tpl_missing' }] });
    expect(unknown.status).toBe(404);
    expect((await usage(account)).quota.used).toBe(0);
  });

  it('warns per page about an image that could not be fetched, and then does not cache the document', async () => {
    const { account, cardId } = await owner();
    const body = { pages: [{ templateId: cardId }, { templateId: cardId, layers: { avatar: { imageUrl: `${imagesUrl}/missing.png` } } }] };
    const first = await documentOf(account, body);
    expect(first.status).toBe(200);
    expect(first.body.warnings).toEqual([expect.objectContaining({ code: 'image_unavailable', layer: 'avatar', page: 1 })]);
    const second = await documentOf(account, body);
    expect(second.body).toMatchObject({ cached: false, pages: 2 });
  });

  it('answers a repeated Idempotency-Key with the first answer, counting nothing', async () => {
    const { account, cardId } = await owner();
    const body = { pages: cardPages(cardId, 2) };
    const first = await documentOf(account, body, { 'Idempotency-Key': 'document-1' });
    expect(first.status).toBe(200);
    const replay = await documentOf(account, body, { 'Idempotency-Key': 'document-1' });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
    const reused = await documentOf(account, { pages: cardPages(cardId, 1) }, { 'Idempotency-Key': 'document-1' });
    expect(reused.status).toBe(422);
    expect((await usage(account)).quota.used).toBe(2);
  });

  it('gives back every unit of a document lease when it is released, or expires because its drawing never completed', async () => {
    const { account } = await owner();
    const quota = testApp.get(QuotaCounterRepository);
    const periodStart = new Date((await usage(account)).period.start);
    const expiresAt = new Date(Date.now() + 60_000);
    const lease = () => ({ id: randomUUID(), accountId: account.account.id, periodStart, expiresAt, units: 4 });
    const released = lease();
    expect(await quota.reserve(released, 10)).toBe(true);
    expect((await usage(account)).quota.used).toBe(4);
    await quota.release(released);
    await quota.release(released);
    expect((await usage(account)).quota.used).toBe(0);

    const abandoned = lease();
    expect(await quota.reserve(abandoned, 10)).toBe(true);
    expect(await quota.reserve(lease(), 7)).toBe(false);
    expect((await usage(account)).quota.used).toBe(4);
    expect(await quota.reclaimExpired(new Date(expiresAt.getTime() + 1))).toBeGreaterThanOrEqual(1);
    expect((await usage(account)).quota.used).toBe(0);
  });

  it('bounds the whole document by one RENDER_TIMEOUT: 503 render_timeout, nothing counted or stored, the thread freed', async () => {
    // Each page's photo takes 1.5 s to arrive: four pages cannot fit a 4 s budget, though each page alone would.
    images.route('/slow.png', (_request, response) => {
      setTimeout(() => response.writeHead(404).end(), 1_500).unref();
    });
    const bounded = await startTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1', RENDER_TIMEOUT: '4s', RENDER_THREADS: '1' } });
    try {
      const account = await createAccount(bounded, { plan: 'pro' });
      const cardId = await createTemplate(bounded, account.apiKey);
      const pages = Array.from({ length: 4 }, (_, page) => ({ templateId: cardId, layers: { avatar: { imageUrl: `${imagesUrl}/slow.png?page=${page}` } } }));
      const files = storedFiles(bounded.config.imagesDir).length;
      const started = Date.now();
      const answer = await bounded.request('POST', '/api/generate/document', { apiKey: account.apiKey, body: { pages } });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: 'render_timeout' });
      // Without the budget the four fetches alone would take 6 s.
      expect(Date.now() - started).toBeLessThan(6_000);
      const after = (await bounded.request('GET', '/api/usage', { apiKey: account.apiKey })).body;
      expect(after.quota.used).toBe(0);
      expect(await bounded.get(QuotaCounterRepository).openLeases(account.account.id)).toBe(0);
      expect(storedFiles(bounded.config.imagesDir).length).toBe(files);
      // The one render thread was freed (the document's worker was stopped and replaced): a document of text only draws.
      // Retried a few times: the replacing worker loads its fonts first, which on a busy machine can approach the budget.
      const textOnly = () => bounded.request('POST', '/api/generate/document', { apiKey: account.apiKey, body: { pages: [{ templateId: cardId }] } });
      let next = await textOnly();
      for (let attempts = 1; attempts < 6 && next.status === 503; attempts++) next = await textOnly();
      expect(next.status).toBe(200);
    } finally {
      await bounded.close();
    }
  });

  it('draws 100 pages', async () => {
    const { account, cardId } = await owner();
    const answer = await documentOf(account, { pages: cardPages(cardId, 100) });
    expect(answer.status).toBe(200);
    expect(answer.body.pages).toBe(100);
    const path = join(work, 'hundred.pdf');
    writeFileSync(path, (await testApp.request('GET', new URL(answer.body.imageUrl).pathname)).bytes);
    expect(run('pdfinfo', [path])).toMatch(/Pages:\s+100\n/);
    expect(run('pdftotext', ['-f', '100', '-l', '100', path, '-']).trim()).toBe(`page ${sequence}`);
    expect((await usage(account)).quota.used).toBe(100);
  });

  const sharedServices = process.env.DATABASE_URL?.startsWith('mysql://') && process.env.REDIS_URL;
  if (sharedServices)
    it('never lets documents racing on two instances together exceed the quota', async () => {
      const second = await startSecondInstance(testApp);
      try {
        const { account, cardId } = await owner({ monthly: 9 });
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, index) =>
            (index % 2 ? second : testApp).request('POST', '/api/generate/document', { apiKey: account.apiKey, body: { pages: cardPages(cardId, 3) } }),
          ),
        );
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
        expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
        expect((await usage(account)).quota.used).toBe(9);
      } finally {
        await second.close();
      }
    });
});
