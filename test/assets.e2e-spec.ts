import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { AssetsRepository } from '../src/assets/assets.repository';
import { MAX_ASSETS_PER_ACCOUNT } from '../src/assets/assets.service';
import { Asset } from '../src/assets/entities/asset.entity';
import { OutboundTargetService } from '../src/network/outbound-target.service';
import { gifBomb, solidImage, uploadAsset } from './support/asset-fixtures';
import { createAccount, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/** §24: the assets API, and `asset:<id>` drawn with no network fetch. */
describe('assets', () => {
  let testApp: TestApp;
  let alice: TestAccount;
  let bob: TestAccount;
  const fetchedUrls: string[] = [];

  beforeAll(async () => {
    // Any network fetch of an image fails the render with a warning (and is recorded): assets must not go through it.
    const refuseAll = {
      check: (url: string) => {
        fetchedUrls.push(url);
        return Promise.reject(new Error('no network in this test'));
      },
    };
    testApp = await startTestApp({ overrides: [{ provide: OutboundTargetService, useValue: refuseAll }] });
    [alice, bob] = await Promise.all([createAccount(testApp), createAccount(testApp)]);
  });

  afterAll(() => testApp?.close());

  const list = (account: TestAccount, query = '') => testApp.request('GET', `/api/assets${query}`, { apiKey: account.apiKey });
  const storedAssetFiles = (account: TestAccount) => {
    const folder = join(testApp.config.imagesDir, 'assets', account.account.id);
    return existsSync(folder) ? readdirSync(folder) : [];
  };

  const template = (imageUrl: string) => ({
    name: 'Logo',
    width: 100,
    height: 100,
    background: '#ffffff',
    layers: [{ name: 'logo', type: 'image', x: 0, y: 0, width: 100, height: 100, imageUrl, fit: 'fill' }],
  });

  async function centrePixel(imageUrl: string): Promise<number[]> {
    const image = await testApp.request('GET', new URL(imageUrl).pathname);
    const { data } = await sharp(image.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (50 * 100 + 50) * 3;
    return [data[at], data[at + 1], data[at + 2]];
  }

  it('uploads each format, lists newest first with a cursor, and deletes (§24)', async () => {
    const formats = ['png', 'jpeg', 'webp', 'avif', 'gif'] as const;
    const ids: string[] = [];
    for (const [index, format] of formats.entries()) {
      testApp.clock.advance(1000);
      const answer = await uploadAsset(testApp, alice.apiKey, await solidImage(40 + index, 30, '#ff0000', format));
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id: expect.stringMatching(/^ast_/),
        width: 40 + index,
        height: 30,
        format,
        bytes: expect.any(Number),
        createdAt: expect.any(String),
      });
      ids.push(answer.body.id);
    }
    const first = await list(alice, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((asset: { id: string }) => asset.id)).toEqual([ids[4], ids[3]]);
    const rest = await list(alice, `?cursor=${first.body.nextCursor}`);
    expect(rest.body.data.map((asset: { id: string }) => asset.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest.body.nextCursor).toBeNull();
    expect((await list(alice, '?cursor=nonsense')).body.code).toBe('validation_failed');
    expect((await list(bob)).body.data).toEqual([]);

    // Another account's asset answers like a missing one; the owner deletes it, once.
    expect((await testApp.request('DELETE', `/api/assets/${ids[0]}`, { apiKey: bob.apiKey })).body.code).toBe('asset_not_found');
    expect((await testApp.request('DELETE', `/api/assets/${ids[0]}`, { apiKey: alice.apiKey })).status).toBe(204);
    expect((await testApp.request('DELETE', `/api/assets/${ids[0]}`, { apiKey: alice.apiKey })).status).toBe(404);
    expect(storedAssetFiles(alice)).toHaveLength(4);
  });

  it('refuses what is not a usable image with a clear 4xx and keeps nothing', async () => {
    const before = (await list(bob)).body.data.length;
    const png = await solidImage(400, 300, '#00ff00');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    // 10000×6000 of one colour compresses to a small file: 60 megapixels.
    const huge = await sharp({ create: { width: 10000, height: 6000, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const cases: Array<[string, Buffer, number, string]> = [
      ['not an image', Buffer.from('hello, I am a text file'), 400, 'asset_invalid'],
      ['truncated', png.subarray(0, png.length - 40), 400, 'asset_invalid'],
      ['an SVG with a script', svg, 400, 'asset_invalid'],
      ['a GIF bomb', await gifBomb(), 400, 'asset_invalid'],
      ['60 megapixels', huge, 400, 'asset_invalid'],
      ['11 MiB', Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]), 413, 'payload_too_large'],
      ['empty', Buffer.alloc(0), 400, 'asset_invalid'],
    ];
    for (const [what, bytes, status, code] of cases) {
      const answer = await uploadAsset(testApp, bob.apiKey, bytes);
      expect([what, answer.status, answer.body.code]).toEqual([what, status, code]);
    }
    expect((await uploadAsset(testApp, bob.apiKey, huge)).body.message).toMatch(/60 megapixels/);
    expect((await list(bob)).body.data).toHaveLength(before);
    expect(storedAssetFiles(bob)).toEqual([]);
  });

  it('keeps at most 500 per account: the 501st is refused and not kept', async () => {
    const carol = await createAccount(testApp);
    const repository = testApp.get(AssetsRepository);
    for (let index = 0; index < MAX_ASSETS_PER_ACCOUNT - 1; index++) {
      const id = `ast_${String(index).padStart(20, '0')}`;
      await repository.insert(
        Object.assign(new Asset(), {
          id,
          accountId: carol.account.id,
          format: 'png',
          width: 1,
          height: 1,
          byteSize: 1,
          storageKey: `assets/none/${id}.png`,
          createdAt: new Date(0),
        }),
      );
    }
    const image = await solidImage(8, 8, '#0000ff');
    expect((await uploadAsset(testApp, carol.apiKey, image)).status).toBe(201);
    const refused = await uploadAsset(testApp, carol.apiKey, image);
    expect([refused.status, refused.body.code]).toEqual([400, 'asset_limit']);
    expect(await repository.countOf(carol.account.id)).toBe(MAX_ASSETS_PER_ACCOUNT);
    expect(storedAssetFiles(carol)).toHaveLength(1);
  });

  it('draws asset:<id> with no network fetch; the images route does not serve it', async () => {
    const red = await uploadAsset(testApp, alice.apiKey, await solidImage(20, 20, '#ff0000'));
    const created = await testApp.request('POST', '/api/templates', { apiKey: alice.apiKey, body: template(`asset:${red.body.id}`) });
    expect(created.status).toBe(201);
    const rendered = await testApp.request('POST', '/api/generate', { apiKey: alice.apiKey, body: { templateId: created.body.id, layers: {} } });
    expect(rendered.status).toBe(200);
    expect(rendered.body.warnings ?? []).toEqual([]);
    expect(await centrePixel(rendered.body.imageUrl)).toEqual([255, 0, 0]);
    expect(fetchedUrls).toEqual([]);

    const storedName = `assets/${alice.account.id}/${red.body.id}.png`;
    expect((await testApp.request('GET', `/api/images/generated/${encodeURIComponent(storedName)}`)).status).toBe(404);
    expect((await testApp.request('GET', `/api/images/generated/${red.body.id}.png`)).status).toBe(404);
  });

  it('takes an animated GIF by its first frame: that frame’s size, and that frame drawn', async () => {
    // Two 40×30 frames, red then blue, as one raw strip cut into pages.
    const frame = (rgb: number[]) => Buffer.from(Array.from({ length: 40 * 30 }, () => rgb).flat());
    const animated = await sharp(Buffer.concat([frame([255, 0, 0]), frame([0, 0, 255])]), { raw: { width: 40, height: 60, channels: 3, pageHeight: 30 } })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const uploaded = await uploadAsset(testApp, alice.apiKey, animated, 'spinner.gif');
    expect([uploaded.status, uploaded.body.format, uploaded.body.width, uploaded.body.height]).toEqual([201, 'gif', 40, 30]);
    const created = await testApp.request('POST', '/api/templates', { apiKey: alice.apiKey, body: template(`asset:${uploaded.body.id}`) });
    const rendered = await testApp.request('POST', '/api/generate', { apiKey: alice.apiKey, body: { templateId: created.body.id, layers: {} } });
    expect(rendered.body.warnings ?? []).toEqual([]);
    expect(await centrePixel(rendered.body.imageUrl)).toEqual([255, 0, 0]);
    expect((await testApp.request('DELETE', `/api/assets/${uploaded.body.id}`, { apiKey: alice.apiKey })).status).toBe(204);
  });

  it('serves its owner a small WebP thumbnail; another account’s, an unknown or a deleted asset is a 404', async () => {
    const answer = await uploadAsset(testApp, alice.apiKey, await solidImage(640, 320, '#00ff00', 'png'));
    expect(answer.status).toBe(201);
    const id = answer.body.id as string;
    const thumbnail = await testApp.request('GET', `/api/assets/${id}/thumbnail`, { apiKey: alice.apiKey });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.headers.get('cache-control')).toBe('private, max-age=86400');
    const drawn = await sharp(thumbnail.bytes).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['webp', 160, 80]);
    const { data } = await sharp(thumbnail.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[1]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(40);
    // A small asset is not enlarged.
    const small = await uploadAsset(testApp, alice.apiKey, await solidImage(40, 30, '#0000ff', 'gif'));
    const smallThumbnail = await testApp.request('GET', `/api/assets/${small.body.id}/thumbnail`, { apiKey: alice.apiKey });
    expect(await sharp(smallThumbnail.bytes).metadata()).toMatchObject({ width: 40, height: 30 });

    const theirs = await testApp.request('GET', `/api/assets/${id}/thumbnail`, { apiKey: bob.apiKey });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'asset_not_found']);
    const unknown = await testApp.request('GET', '/api/assets/ast_00000000000000000000/thumbnail', { apiKey: alice.apiKey });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'asset_not_found']);
    expect((await testApp.request('DELETE', `/api/assets/${id}`, { apiKey: alice.apiKey })).status).toBe(204);
    const deleted = await testApp.request('GET', `/api/assets/${id}/thumbnail`, { apiKey: alice.apiKey });
    expect([deleted.status, deleted.body.code]).toEqual([404, 'asset_not_found']);
    expect((await testApp.request('DELETE', `/api/assets/${small.body.id}`, { apiKey: alice.apiKey })).status).toBe(204);
  });

  it('refuses another account’s, an unknown or a deleted asset at save; from an override it warns and skips the layer', async () => {
    const bobs = await uploadAsset(testApp, bob.apiKey, await solidImage(20, 20, '#00ff00'));
    const gone = await uploadAsset(testApp, alice.apiKey, await solidImage(20, 20, '#0000ff'));
    await testApp.request('DELETE', `/api/assets/${gone.body.id}`, { apiKey: alice.apiKey });
    for (const id of [bobs.body.id, gone.body.id, 'ast_00000000000000000000']) {
      const refused = await testApp.request('POST', '/api/templates', { apiKey: alice.apiKey, body: template(`asset:${id}`) });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        400,
        'validation_failed',
        `layers.0.imageUrl: unknown asset "${id}" (see GET /api/assets)`,
      ]);
    }
    const malformed = await testApp.request('POST', '/api/templates', { apiKey: alice.apiKey, body: template('asset:../../etc/passwd') });
    expect(malformed.status).toBe(400);

    const plain = await testApp.request('POST', '/api/templates', { apiKey: alice.apiKey, body: template('https://images.example/a.png') });
    const patched = await testApp.request('PATCH', `/api/templates/${plain.body.id}`, { apiKey: alice.apiKey, body: template(`asset:${bobs.body.id}`) });
    expect(patched.status).toBe(400);
    fetchedUrls.length = 0;
    const overridden = await testApp.request('POST', '/api/generate', {
      apiKey: alice.apiKey,
      body: { templateId: plain.body.id, layers: { logo: { imageUrl: `asset:${bobs.body.id}` } } },
    });
    expect(overridden.status).toBe(200);
    expect(overridden.body.warnings).toEqual([{ code: 'image_unavailable', layer: 'logo', message: expect.stringContaining(bobs.body.id) }]);
    expect(await centrePixel(overridden.body.imageUrl)).toEqual([255, 255, 255]);
    expect(fetchedUrls).toEqual([]);
  });
});
