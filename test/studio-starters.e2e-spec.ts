import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { SIZE_PRESETS, STARTER_TEMPLATES } from '../studio/src/state/starters';
import { createAccount, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

// The contact sheet goes to test-artifacts/ (git-ignored); UPDATE_DOCS=1 refreshes the committed one under docs/.
const SHEET_DIR = join(__dirname, '..', process.env.UPDATE_DOCS === '1' ? 'docs' : 'test-artifacts');

/** §23: `New template`'s starters save through the API and render without warnings; the sizes include the contract's presets. */
describe('studio starters and size presets', () => {
  let testApp: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    // A generous render budget: the first drawings load the fonts into cold workers on a shared, busy machine.
    testApp = await startTestApp({ env: { RENDER_TIMEOUT: '60s' } });
    account = await createAccount(testApp, { plan: 'pro' });
  });
  afterAll(() => testApp?.close());

  it('offers the contract’s sizes', () => {
    const sizes = SIZE_PRESETS.map(({ width, height }) => `${width}×${height}`);
    expect(sizes).toEqual(expect.arrayContaining(['1200×630', '1080×1080', '1080×1350', '1080×1920', '794×1123']));
  });

  it('has six designed starters, each saved and rendered without a warning, one with a barcode', async () => {
    expect(STARTER_TEMPLATES.map((starter) => starter.key)).toEqual(['social-card', 'quote', 'certificate', 'event-ticket', 'product-card', 'carousel-slide']);
    expect(STARTER_TEMPLATES.find((starter) => starter.key === 'event-ticket')!.design.layers.some((layer) => layer.type === 'barcode')).toBe(true);
    const tiles: Buffer[] = [];
    for (const starter of STARTER_TEMPLATES) {
      const saved = await testApp.request('POST', '/api/templates', { apiKey: account.apiKey, body: starter.design });
      expect([starter.key, saved.status, saved.body.details]).toEqual([starter.key, 201, undefined]);
      const rendered = await testApp.request('POST', '/api/generate', { apiKey: account.apiKey, body: { templateId: saved.body.id, layers: {} } });
      expect([starter.key, rendered.status, rendered.body.warnings ?? []]).toEqual([starter.key, 200, []]);
      const image = await testApp.request('GET', new URL(rendered.body.imageUrl).pathname);
      tiles.push(await sharp(image.bytes).resize(360, 360, { fit: 'contain', background: '#e2e8f0' }).png().toBuffer());
    }
    mkdirSync(SHEET_DIR, { recursive: true });
    await sharp({ create: { width: 3 * 380 + 20, height: 2 * 380 + 20, channels: 3, background: '#e2e8f0' } })
      .composite(tiles.map((input, index) => ({ input, left: 20 + (index % 3) * 380, top: 20 + Math.floor(index / 3) * 380 })))
      .png()
      .toFile(join(SHEET_DIR, 'studio-starters.png'));
  });
});
