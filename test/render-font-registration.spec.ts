import { createHash } from 'node:crypto';
import { packRanges } from '../src/fonts/coverage/code-point-ranges';
import { withPrivateName } from '../src/fonts/font-private-name';
import type { MetricsService } from '../src/metrics/metrics.service';
import { textLayerSchema } from '../src/design/layers/text/text-layer.definition';
import type { DrawJob, DrawResult } from '../src/render/renderer/draw-job';
import { startRenderPool } from '../src/render/renderer/render-pool';
import { RendererService } from '../src/render/renderer/renderer.service';
import { fontFixtures } from './support/font-fixtures';

const THREADS = 6;
const ROUNDS = 30;

const textJob = (text: string, fontFamily: string, fonts?: DrawJob['fonts'], output = { width: 600, height: 120 }): DrawJob => ({
  design: {
    width: 600,
    height: 120,
    background: '#ffffff',
    layers: [textLayerSchema.parse({ name: 't', type: 'text', x: 10, y: 10, width: 580, height: 100, text, fontSize: 48, color: '#000000', fontFamily })],
  },
  output: { ...output, format: 'png', quality: 0 },
  images: new Map(),
  fonts,
});

const accountFace = async (name: string) => {
  const registeredName = `${name}-${process.pid}`;
  const bytes = await withPrivateName(fontFixtures.ttf(), registeredName);
  return [{ family: name, registeredName, weight: 400, style: 'normal' as const, coverage: packRanges([[0x20, 0x7e]]), bytes }];
};

/**
 * The native font collection is the whole process's. Before the pool's threads shared a lock over it, a font
 * registered by one thread while another drew made that drawing lose its ZWJ, flag and variation-selector
 * emoji (blank cells); here that happened in most runs. This is the pool the server uses, fed the way
 * account fonts arrive: each job brings a face this process has not seen.
 */
describe('render pool: registering fonts while other threads draw', () => {
  let pool: ReturnType<typeof startRenderPool>;
  let renderer: RendererService;

  beforeAll(() => {
    pool = startRenderPool({ renderThreads: THREADS, renderNice: 0, renderTimeoutMs: 15_000 });
    renderer = new RendererService(pool, { renderQueue: { set: () => undefined } } as unknown as MetricsService);
  });

  afterAll(() => pool.close());

  it('draws every emoji the same while account faces are being registered', async () => {
    const emoji = textJob('🇫🇷🇩🇪 ❤️ 👨‍👩‍👧 😀', 'Inter');
    const faces = await Promise.all(Array.from({ length: ROUNDS * 2 }, (_, index) => accountFace(`Brand ${index}`)));
    // Drawn alone first: what every drawing during the registrations must equal.
    const alone = await renderer.draw(emoji);
    const drawings: Array<Promise<Uint8Array>> = [];
    const registrations: Array<Promise<DrawResult>> = [];
    // Filled in one synchronous loop and handed to Promise.all in the same turn: nothing can reject unobserved.
    for (let round = 0; round < ROUNDS; round++) {
      // eslint-disable-next-line pictor/no-stored-rejectable-promise -- see above
      for (let copy = 0; copy < THREADS - 2; copy++) drawings.push(renderer.draw(emoji).then((result) => result.bytes));
      // eslint-disable-next-line pictor/no-stored-rejectable-promise -- see above
      for (const fonts of faces.slice(round * 2, round * 2 + 2)) registrations.push(renderer.draw(textJob('Brand', fonts[0].family, fonts)));
    }
    const digest = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
    const digests = new Set((await Promise.all(drawings)).map(digest));
    // Every face was registered and drawn with (none reported missing).
    expect((await Promise.all(registrations)).filter((result) => result.fontsMissing)).toEqual([]);
    expect([...digests]).toEqual([digest(alone.bytes)]);
  });

  it('frees the place of a drawing the render budget ends: the next registration does not wait for the lease', async () => {
    // Every thread past its start (which registers fonts), so the drawing below is ended inside its read.
    await Promise.all(Array.from({ length: THREADS }, () => renderer.draw(textJob('Warm', 'Inter'))));
    // A large drawing with text (mostly inside its read of the lock), ended 150 ms in, as the budget ends one.
    const controller = new AbortController();
    const started = Date.now();
    const ended = renderer
      .draw(textJob('Ended midway 😀', 'Inter', undefined, { width: 6000, height: 6000 }), controller.signal)
      .catch((error: Error) => error);
    setTimeout(() => controller.abort(), 150);
    expect(await ended).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(1_000);
    const fonts = await accountFace('After the budget');
    const registering = Date.now();
    const result = await renderer.draw(textJob('Brand', 'After the budget', fonts));
    expect(result.fontsMissing).toBeUndefined();
    // The lease is RENDER_TIMEOUT + 5 s = 20 s: a registration waiting for it would take that long.
    expect(Date.now() - registering).toBeLessThan(3_000);
  });
});
