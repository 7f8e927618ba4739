import jsQR from 'jsqr';
import sharp from 'sharp';
import { RendererService } from '../src/render/renderer/renderer.service';
import { createAccount, sampleTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

async function decode(bytes: Buffer) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  return {
    qr: jsQR(pixels, info.width, info.height)?.data ?? null,
    at: (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 3)),
  };
}

const designLayers = [
  { name: 'ring', type: 'ellipse', x: 40, y: 40, width: 160, height: 160, fill: '#facc15', borderColor: '#2563eb', borderWidth: 12 },
  {
    name: 'band', type: 'rect', x: 240, y: 40, width: 300, height: 160, radius: 16,
    gradient: { type: 'linear', angle: 90, stops: [{ offset: 0, color: '#ef4444' }, { offset: 1, color: '#3b82f6' }] },
  },
  { name: 'code', type: 'qr', x: 580, y: 20, width: 200, height: 200, text: 'https://pictor.example/a' },
];

describe('layer types: ellipse, borders, gradients, qr (§16)', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    // Each render thread loads its fonts before its first job; on a busy machine that can approach RENDER_TIMEOUT.
    await Promise.all(Array.from({ length: testApp.config.renderThreads }, () => testApp.get(RendererService).probe()));
    owner = await createAccount(testApp, { plan: 'pro' });
    const created = await testApp.request('POST', '/api/templates', {
      apiKey: owner.apiKey,
      body: { name: 'Shapes', width: 800, height: 240, background: '#ffffff', layers: designLayers },
    });
    expect(created.status).toBe(201);
    templateId = created.body.id;
  }, 90_000);

  afterAll(async () => {
    await testApp?.close();
  });

  const generate = (body: Record<string, unknown>) => testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: {}, ...body } });
  const image = async (imageUrl: string) => (await testApp.request('GET', new URL(imageUrl).pathname)).bytes;

  it('stores the new layers with their defaults', async () => {
    const template = await testApp.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey });
    expect(template.body.layers[0]).toMatchObject({ type: 'ellipse', borderWidth: 12, gradient: null });
    expect(template.body.layers[2]).toMatchObject({ type: 'qr', errorCorrection: 'M', margin: 2, color: '#000000', background: '#ffffff' });
  });

  it('draws them: the QR decodes, the ellipse has its border, the gradient runs left to right', async () => {
    const rendered = await generate({});
    expect(rendered.status).toBe(200);
    const drawn = await decode(await image(rendered.body.imageUrl));
    expect(drawn.qr).toBe('https://pictor.example/a');
    expect(drawn.at(120, 120)).toEqual([0xfa, 0xcc, 0x15]);
    expect(drawn.at(120, 45)).toEqual([0x25, 0x63, 0xeb]);
    expect(drawn.at(45, 45)).toEqual([255, 255, 255]);
    const [left, right] = [drawn.at(250, 120), drawn.at(530, 120)];
    expect(left[0]).toBeGreaterThan(left[2]);
    expect(right[2]).toBeGreaterThan(right[0]);
  });

  it('overrides the QR value like any text, and a value too long for its level skips the layer with qr_overflow', async () => {
    const other = await generate({ layers: { code: { text: 'second value' } }, format: 'webp', quality: 100 });
    expect(other.status).toBe(200);
    expect((await decode(await image(other.body.imageUrl))).qr).toBe('second value');

    const overflow = await generate({ layers: { code: { text: 'x'.repeat(2400) } } });
    expect(overflow.status).toBe(200);
    expect(overflow.body.warnings).toEqual([{ code: 'qr_overflow', layer: 'code', message: expect.stringContaining('2331') }]);
    const drawn = await decode(await image(overflow.body.imageUrl));
    expect(drawn.qr).toBeNull();
    expect(drawn.at(680, 120)).toEqual([255, 255, 255]);
    // The warning is the request's: it comes again on the cached answer.
    const again = await generate({ layers: { code: { text: 'x'.repeat(2400) } } });
    expect(again.body).toMatchObject({ cached: true, warnings: [{ code: 'qr_overflow', layer: 'code' }] });
  });

  it('answers 400 at save for a QR value too long, a border wider than the shape, a bad gradient; nothing is stored', async () => {
    const before = await testApp.request('GET', '/api/templates', { apiKey: owner.apiKey });
    const bad: Array<Record<string, unknown>> = [
      { name: 'q', type: 'qr', width: 100, height: 100, text: 'x'.repeat(1300), errorCorrection: 'H' },
      { name: 'e', type: 'ellipse', width: 100, height: 40, borderWidth: 21 },
      { name: 'r', type: 'rect', width: 100, height: 40, gradient: { type: 'linear', angle: 0, stops: [{ offset: 0, color: '#000000' }] } },
      { name: 'r', type: 'rect', width: 100, height: 40, gradient: { type: 'linear', angle: 0, stops: [{ offset: 1, color: '#000000' }, { offset: 0, color: '#ffffff' }] } },
      { name: 'q', type: 'qr', width: 100, height: 100, text: 'x', errorCorrection: 'Z' },
    ];
    for (const layer of bad) {
      const response = await testApp.request('POST', '/api/templates', { apiKey: owner.apiKey, body: sampleTemplate({ layers: [layer] }) });
      expect({ layer: layer.type, status: response.status, code: response.body.code }).toEqual({ layer: layer.type, status: 400, code: 'validation_failed' });
    }
    const patch = await testApp.request('PATCH', `/api/templates/${templateId}`, { apiKey: owner.apiKey, body: { layers: [bad[1]] } });
    expect(patch.status).toBe(400);
    const after = await testApp.request('GET', '/api/templates', { apiKey: owner.apiKey });
    expect(after.body.data.length).toBe(before.body.data.length);
    const unchanged = await testApp.request('GET', `/api/templates/${templateId}`, { apiKey: owner.apiKey });
    expect(unchanged.body.version).toBe(1);
  });

  it('renders AVIF (§16): .avif URL, image/avif served, default quality chosen by measurement, quality 0 refused', async () => {
    const rendered = await generate({ format: 'avif' });
    expect(rendered.status).toBe(200);
    expect(rendered.body.imageUrl).toMatch(/\/api\/images\/generated\/[0-9a-f]{64}\.avif$/);
    const served = await testApp.request('GET', new URL(rendered.body.imageUrl).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/avif');
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 800, height: 240 });
    expect((await decode(served.bytes)).qr).toBe('https://pictor.example/a');
    // No quality given means the AVIF default (55): the same image as asking for it.
    const explicit = await generate({ format: 'avif', quality: 55 });
    expect(explicit.body).toMatchObject({ cached: true, imageUrl: rendered.body.imageUrl });
    const better = await generate({ format: 'avif', quality: 90 });
    expect(better.body.imageUrl).not.toBe(rendered.body.imageUrl);
    for (const quality of [0, 101, 50.5]) {
      const refused = await generate({ format: 'avif', quality });
      expect({ quality, status: refused.status, code: refused.body.code }).toEqual({ quality, status: 400, code: 'validation_failed' });
    }
  });

  it('serves AVIF from GET /api/render', async () => {
    const response = await testApp.request('GET', `/api/render?templateId=${templateId}&format=avif&layers[code][text]=public`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect((await decode(response.bytes)).qr).toBe('public');
  });
});
