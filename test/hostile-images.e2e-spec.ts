import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { startTestApp, TestApp } from './support/test-app';

const statusKb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))![1]);
/** Peak resident memory since the last reset (Linux: writing 5 to clear_refs resets VmHWM to the current RSS). */
const resetPeak = () => writeFileSync('/proc/self/clear_refs', '5');

/**
 * §20 "memory is bounded per render": the finding 2 (N image layers pointing at one small file
 * of 6000×6000 pixels were all decoded at full size: 10 layers took RSS from 1.2 to 2.5 GB), plus AVIF layers.
 */
describe('hostile input: image layers', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let fixtures: HttpFixtureServer;
  let fixturesUrl: string;

  beforeAll(async () => {
    // One colour, so the file is small (≈ 0.5 MB) while it decodes to 36 megapixels (144 MB of RGBA).
    const huge = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const avif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } }).avif().toBuffer();
    fixtures = new HttpFixtureServer()
      .route('/huge.png', (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(huge))
      .route('/red.avif', (_request, response) => response.writeHead(200, { 'content-type': 'image/avif' }).end(avif));
    fixturesUrl = await fixtures.start();
    testApp = await startTestApp({ env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    owner = await createAccount(testApp, { plan: 'pro' });
  });

  afterAll(async () => {
    await testApp?.close();
    await fixtures?.stop();
  });

  const pixelAt = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const offset = (y * info.width + x) * info.channels;
    return [data[offset], data[offset + 1], data[offset + 2]];
  };

  it('ten layers of a 6000×6000 image: decoded one at a time at their drawn size, within RENDER_MAX_INPUT_PIXELS', async () => {
    const layers = Array.from({ length: 10 }, (_, index) => ({
      name: `photo${index}`, type: 'image', x: index * 40, y: 0, width: 30, height: 30, imageUrl: `${fixturesUrl}/huge.png`,
    }));
    const templateId = await createTemplate(testApp, owner.apiKey, { width: 400, height: 40, background: '#ffffff', layers });
    const baselineMb = statusKb('VmRSS') / 1024;
    resetPeak();
    const answer = await testApp.request('GET', `/api/render?templateId=${templateId}`);
    const peakMb = statusKb('VmHWM') / 1024;
    process.stdout.write(`image layers: RSS ${baselineMb.toFixed(0)} MB, peak during the render ${peakMb.toFixed(0)} MB\n`);
    writeFileSync(join(tmpdir(), 'pictor-hostile-images.png'), answer.bytes);

    expect(answer.status).toBe(200);
    // 36 MP each against the default 100 MP budget: the first two layers are drawn, the other eight skipped.
    expect(await pixelAt(answer.bytes, 15, 15)).toEqual([0x33, 0x66, 0xcc]);
    expect(await pixelAt(answer.bytes, 55, 15)).toEqual([0x33, 0x66, 0xcc]);
    expect(await pixelAt(answer.bytes, 95, 15)).toEqual([255, 255, 255]);
    // The file was fetched once for all ten layers.
    expect(fixtures.requests.filter((request) => request.url === '/huge.png')).toHaveLength(1);
    // Generous: measured peak +1,479 MB before the fix (all ten decoded at full size), +80 MB after.
    expect(peakMb - baselineMb).toBeLessThan(400);

    const generated = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: { photo0: { imageUrl: `${fixturesUrl}/huge.png?again` } } } });
    const skipped = generated.body.warnings.filter((warning: { code: string }) => warning.code === 'image_unavailable');
    expect(skipped.map((warning: { layer: string }) => warning.layer)).toEqual(['photo2', 'photo3', 'photo4', 'photo5', 'photo6', 'photo7', 'photo8', 'photo9']);
    expect(skipped[0].message).toMatch(/100 megapixels decoded \(RENDER_MAX_INPUT_PIXELS\)/);
  });

  it('accepts AVIF image layers (sharp reports them as heif)', async () => {
    const templateId = await createTemplate(testApp, owner.apiKey, {
      width: 100, height: 100, background: '#ffffff',
      layers: [{ name: 'photo', type: 'image', x: 0, y: 0, width: 100, height: 100, imageUrl: `${fixturesUrl}/red.avif`, fit: 'fill' }],
    });
    const generated = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: {} } });
    expect(generated.status).toBe(200);
    expect(generated.body.warnings).toBeUndefined();
    const image = await testApp.request('GET', new URL(generated.body.imageUrl).pathname);
    const [red, green, blue] = await pixelAt(image.bytes, 50, 50);
    expect(red).toBeGreaterThan(240);
    expect(green).toBeLessThan(20);
    expect(blue).toBeLessThan(20);
  });
});
