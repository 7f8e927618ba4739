import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FontFace } from '../src/fonts/entities/font-face.entity';
import { createAccount, TestAccount } from './support/factories';
import { fontFixtures, fontForm, withoutCmap } from './support/font-fixtures';
import { startTestApp, TestApp } from './support/test-app';
import { ImageStorage } from '../src/storage/image-storage';

/** A face row as if uploaded (no bytes behind it): for filling an account up to its limit. */
const seededFace = (accountId: string, id: string, family: string, createdAt: Date) => ({
  id,
  accountId,
  family,
  familyKey: family.toLowerCase(),
  weight: 400,
  style: 'normal' as const,
  format: 'ttf' as const,
  glyphCount: 1,
  byteSize: 1,
  sha256: '0'.repeat(64),
  storageKey: `fonts/none-${id}.ttf`,
  createdAt,
  updatedAt: createdAt,
});

describe('fonts API (§14)', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp);
    stranger = await createAccount(testApp);
  });

  afterAll(() => testApp?.close());

  async function upload(form: FormData | string, apiKey = owner.apiKey, headers: Record<string, string> = {}) {
    const response = await fetch(`${testApp.baseUrl}/api/fonts`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, ...headers }, body: form });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  const storedFiles = () => {
    try {
      return readdirSync(join(testApp.config.imagesDir, 'fonts')).filter((name) => !name.startsWith('.'));
    } catch {
      return [];
    }
  };
  const rowCount = () => testApp.dataSource.getRepository(FontFace).count();

  it.each([
    ['ttf', fontFixtures.ttf, { family: 'Noto Sans', weight: 400, style: 'normal' }],
    ['otf', fontFixtures.otf, { family: 'Noto Sans', weight: 400, style: 'normal' }],
    ['woff', fontFixtures.woff, { family: 'Inter', weight: 700, style: 'normal' }],
    ['woff2', fontFixtures.woff2, { family: 'Inter', weight: 400, style: 'italic' }],
  ] as const)('takes a %s file, reading family, weight and style from the font', async (format, bytes, fromFont) => {
    const family = `Brand ${format}`;
    const created = await upload(fontForm(bytes(), { family }));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^fnt_[0-9A-Za-z]{20}$/),
      family,
      weight: fromFont.weight,
      style: fromFont.style,
      format,
      glyphs: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(created.body.glyphs).toBeGreaterThan(100);
  });

  it('defaults the family to the font’s own name, and refuses a built-in family name', async () => {
    const created = await upload(fontForm(fontFixtures.otf()));
    expect(created.status).toBe(201);
    expect(created.body.family).toBe('Noto Sans');
    const builtin = await upload(fontForm(fontFixtures.woff()));
    expect(builtin.status).toBe(400);
    expect(builtin.body.code).toBe('validation_failed');
    expect(builtin.body.message).toContain('built-in');
  });

  it('replaces a face with the same family, weight and style (same id), and lists faces by family', async () => {
    const first = await upload(fontForm(fontFixtures.ttf(), { family: 'Replace Me' }));
    const second = await upload(fontForm(fontFixtures.otf(), { family: 'replace me' }));
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ id: first.body.id, format: 'otf', family: 'replace me' });
    const rows = await testApp.dataSource.getRepository(FontFace).findBy({ id: first.body.id });
    expect(rows).toHaveLength(1);
    expect(storedFiles().filter((name) => name.startsWith(first.body.id))).toEqual([rows[0].storageKey.replace('fonts/', '')]);

    const bold = await upload(fontForm(fontFixtures.woff(), { family: 'Replace Me' }));
    const list = await testApp.request('GET', '/api/fonts', { apiKey: owner.apiKey });
    expect(list.status).toBe(200);
    const family = list.body.data.find((entry: { family: string }) => entry.family.toLowerCase() === 'replace me');
    expect(family).toEqual({
      family: 'Replace Me',
      source: 'account',
      weights: [400, 700],
      styles: ['normal'],
      faces: expect.arrayContaining([
        { id: first.body.id, weight: 400, style: 'normal' },
        { id: bold.body.id, weight: 700, style: 'normal' },
      ]),
    });
    const builtin = list.body.data.filter((entry: { source: string }) => entry.source === 'builtin').map((entry: { family: string }) => entry.family);
    expect(builtin).toEqual(
      expect.arrayContaining([
        'Inter',
        'Noto Sans Arabic',
        'Noto Sans Hebrew',
        'Noto Sans Devanagari',
        'Noto Sans Bengali',
        'Noto Sans Tamil',
        'Noto Sans Thai',
        'Noto Sans KR',
        'Noto Sans TC',
        'Noto Sans JP',
        'Noto Sans SC',
      ]),
    );
    expect(list.body.fallbacks).toEqual([{ family: 'Noto Color Emoji', covers: 'Colour emoji' }]);
  });

  it('keeps fonts private: another account cannot list or delete them', async () => {
    const created = await upload(fontForm(fontFixtures.ttf(), { family: 'Private Sans' }));
    const theirs = await testApp.request('GET', '/api/fonts', { apiKey: stranger.apiKey });
    expect(theirs.body.data.some((entry: { family: string }) => entry.family === 'Private Sans')).toBe(false);
    const denied = await testApp.request('DELETE', `/api/fonts/${created.body.id}`, { apiKey: stranger.apiKey });
    expect(denied.status).toBe(404);
    expect(denied.body.code).toBe('font_not_found');
    const missing = await testApp.request('DELETE', '/api/fonts/fnt_nothing', { apiKey: owner.apiKey });
    expect(missing.body).toEqual(denied.body.message === missing.body.message ? denied.body : expect.objectContaining({ code: 'font_not_found' }));

    const key = (await testApp.dataSource.getRepository(FontFace).findOneByOrFail({ id: created.body.id })).storageKey;
    const deleted = await testApp.request('DELETE', `/api/fonts/${created.body.id}`, { apiKey: owner.apiKey });
    expect(deleted.status).toBe(204);
    expect(storedFiles()).not.toContain(key.replace('fonts/', ''));
    expect((await testApp.request('DELETE', `/api/fonts/${created.body.id}`, { apiKey: owner.apiKey })).status).toBe(404);
  });

  describe('bad uploads: a clear 4xx and nothing stored', () => {
    const cases: Array<[string, () => FormData | string, number, string, Record<string, string>?]> = [
      ['a file that is not a font', () => fontForm(Buffer.from('<html>hello</html>')), 400, 'font_invalid'],
      ['a PNG renamed .ttf', () => fontForm(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), {}, 'logo.ttf'), 400, 'font_invalid'],
      ['a truncated font', () => fontForm(fontFixtures.ttf().subarray(0, 60_000)), 400, 'font_invalid'],
      ['a truncated WOFF2', () => fontForm(fontFixtures.woff2().subarray(0, 4_000)), 400, 'font_invalid'],
      ['a font without a cmap', () => fontForm(withoutCmap(fontFixtures.ttf())), 400, 'font_invalid'],
      ['a 0-byte file', () => fontForm(Buffer.alloc(0)), 400, 'font_invalid'],
      ['an 11 MiB file', () => fontForm(Buffer.concat([fontFixtures.ttf(), Buffer.alloc(11 * 1024 * 1024)])), 413, 'payload_too_large'],
      ['a family name of 10,000 characters', () => fontForm(fontFixtures.ttf(), { family: 'x'.repeat(10_000) }), 400, 'validation_failed'],
      ['a blank family name', () => fontForm(fontFixtures.ttf(), { family: '   ' }), 400, 'validation_failed'],
      [
        'no file field',
        () => {
          const form = new FormData();
          form.append('family', 'Nope');
          return form;
        },
        400,
        'validation_failed',
      ],
      ['a JSON body', () => JSON.stringify({ file: 'AAEAAA' }), 415, 'unsupported_media_type', { 'content-type': 'application/json' }],
    ];

    // Rows of differing length would make jest pass a `done` callback: read them as one argument.
    it.each(cases.map((row) => [row[0], row] as const))('%s', async (_name, [, body, status, code, headers]) => {
      const rowsBefore = await rowCount();
      const filesBefore = storedFiles().length;
      const response = await upload(body(), owner.apiKey, headers);
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ code, message: expect.any(String) });
      expect(await rowCount()).toBe(rowsBefore);
      expect(storedFiles().length).toBe(filesBefore);
    });
  });

  it('allows at most 100 fonts per account (font_limit), replacing still allowed', async () => {
    const limited = await createAccount(testApp);
    const repository = testApp.dataSource.getRepository(FontFace);
    const now = new Date();
    await repository.insert(Array.from({ length: 100 }, (_, index) => seededFace(limited.account.id, `fnt_limit${index}`, `F${index}`, now)));
    const over = await upload(fontForm(fontFixtures.ttf(), { family: 'One More' }), limited.apiKey);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('font_limit');
    const replaced = await upload(fontForm(fontFixtures.ttf(), { family: 'F7' }), limited.apiKey);
    expect(replaced.status).toBe(201);
    expect(replaced.body.id).toBe('fnt_limit7');
  });

  it('holds the limit when uploads race past the count together, and the account can still fill up to it', async () => {
    const racing = await createAccount(testApp);
    const repository = testApp.dataSource.getRepository(FontFace);
    const anHourAgo = new Date(testApp.clock.nowMs() - 3_600_000);
    await repository.insert(Array.from({ length: 98 }, (_, index) => seededFace(racing.account.id, `fnt_race${index}`, `R${index}`, anHourAgo)));
    // Every upload waits at its file write (after the count) until all four have counted: each saw 98.
    const storage = testApp.get<ImageStorage>(ImageStorage as never);
    const put = storage.put.bind(storage);
    let arrived = 0;
    let allArrived!: () => void;
    const barrier = new Promise<void>((resolve) => (allArrived = resolve));
    const spy = jest.spyOn(storage, 'put').mockImplementation(async (key, bytes) => {
      if (key.startsWith('fonts/') && ++arrived === 4) allArrived();
      if (key.startsWith('fonts/')) await barrier;
      return put(key, bytes);
    });
    try {
      const answers = await Promise.all(
        ['One', 'Two', 'Three', 'Four'].map((name) => upload(fontForm(fontFixtures.ttf(), { family: `Race ${name}` }), racing.apiKey)),
      );
      // Which of them win depends on how the four interleave; never more than the limit allows.
      const accepted = answers.filter((answer) => answer.status === 201).length;
      expect(accepted).toBeLessThanOrEqual(2);
      for (const refused of answers.filter((answer) => answer.status !== 201)) expect([refused.status, refused.body.code]).toEqual([400, 'font_limit']);
      expect(await repository.count({ where: { accountId: racing.account.id } })).toBe(98 + accepted);
    } finally {
      spy.mockRestore();
    }
    // Nothing was left behind by the refused ones: uploads one at a time fill the account to exactly 100.
    for (let index = 0; ; index++) {
      const more = await upload(fontForm(fontFixtures.ttf(), { family: `Fill ${index}` }), racing.apiKey);
      if (more.status !== 201) {
        expect(more.body.code).toBe('font_limit');
        break;
      }
    }
    expect(await repository.count({ where: { accountId: racing.account.id } })).toBe(100);
    const listed = await testApp.request('GET', '/api/fonts', { apiKey: racing.apiKey });
    expect(listed.body.data.filter((family: { source: string }) => family.source === 'account')).toHaveLength(100);
  });

  it('needs an API key', async () => {
    const response = await fetch(`${testApp.baseUrl}/api/fonts`, { method: 'POST', body: fontForm(fontFixtures.ttf()) });
    expect(response.status).toBe(401);
  });
});
