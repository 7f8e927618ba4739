import { createServer } from 'node:net';
import sharp from 'sharp';
import { HostResolver } from '../src/network/host-resolver';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { startTestApp, TestApp } from './support/test-app';

/**
 * §20 "no mix of outcomes of the image fetches one render makes kills or freezes the process" (issue 23): a
 * template whose image layers end in every way, in many orders, drawn by every endpoint that draws. Every
 * answer is a 200 with one `image_unavailable` per failed layer, the image shows the layers that loaded, and no
 * rejection goes unhandled (the process would have ended on the first one, before the fix).
 */
const OUTCOMES = ['loads', 'refused', 'timedOut', 'tooLarge', 'notImage', 'redirect', 'dnsFailure', 'forbidden'] as const;
type Outcome = (typeof OUTCOMES)[number];
const SLOT = 20;

const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The orders tried: each outcome first once (rotations), the reverse of each, and every layer naming one URL twice. */
function orders(): Outcome[][] {
  const rotations = OUTCOMES.map((_, start) => [...OUTCOMES.slice(start), ...OUTCOMES.slice(0, start)]);
  return [...rotations, ...rotations.map((order) => [...order].reverse()), [...OUTCOMES, ...OUTCOMES]];
}

describe('image layers whose fetches end in every way, in every endpoint that draws', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let fixtures: HttpFixtureServer;
  let urls: Record<Outcome, string>;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    const red = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const oversized = Buffer.alloc(11 * 1024 * 1024, 0x41);
    fixtures = new HttpFixtureServer()
      .route('/ok.png', (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(red))
      // Accepts and never answers: the 5 s image timeout ends it (stop() closes what is left).
      .route('/hang.png', () => undefined)
      .route('/large.png', (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(oversized))
      .route('/page.png', (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>'))
      .route('/moved.png', (_request, response) => response.writeHead(302, { location: '/ok.png' }).end())
      .route('/hook', (_request, response) => response.writeHead(204).end());
    const base = await fixtures.start();
    urls = {
      loads: `${base}/ok.png`,
      refused: `http://127.0.0.1:${await closedPort()}/refused.png`,
      timedOut: `${base}/hang.png`,
      tooLarge: `${base}/large.png`,
      notImage: `${base}/page.png`,
      redirect: `${base}/moved.png`,
      dnsFailure: 'http://nowhere.invalid/image.png',
      forbidden: 'http://sneaky.example/image.png',
    };
    // No DNS traffic leaves the machine: the resolver seam answers for the two names the test uses.
    const resolver = new (class extends HostResolver {
      override resolve(hostname: string) {
        if (hostname === 'sneaky.example') return Promise.resolve([{ address: '10.0.0.7', family: 4 as const }]);
        if (hostname === 'nowhere.invalid') return Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' }));
        return super.resolve(hostname);
      }
    })();
    testApp = await startTestApp({
      env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1', PREVIEW_PER_MINUTE: '1000', PUBLIC_RENDER_PER_MINUTE: '1000' },
      overrides: [{ provide: HostResolver, useValue: resolver }],
    });
    owner = await createAccount(testApp, { plan: 'pro' });
    await testApp.request('POST', '/api/settings/webhook-secret', { apiKey: owner.apiKey });
  }, 60_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await testApp?.close();
    await fixtures?.stop();
  }, 60_000);

  const design = (order: Outcome[]) => ({
    name: 'Fetch outcomes',
    width: order.length * SLOT,
    height: SLOT + 20,
    background: '#ffffff',
    layers: [
      ...order.map((outcome, index) => ({
        name: `${outcome}${index}`,
        type: 'image',
        x: index * SLOT,
        y: 0,
        width: SLOT,
        height: SLOT,
        fit: 'fill',
        imageUrl: urls[outcome],
      })),
      { name: 'label', type: 'text', x: 0, y: SLOT, width: order.length * SLOT, height: 20, text: 'label', fontSize: 10 },
    ],
  });

  /** Red where the layer loaded, the white background where it was skipped. */
  async function expectDrawn(png: Buffer, order: Outcome[]): Promise<void> {
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const drawn = order.map((_, index) => {
      const offset = ((SLOT / 2) * info.width + index * SLOT + SLOT / 2) * info.channels;
      return data[offset] > 200 && data[offset + 1] < 60 ? 'red' : data[offset + 1] > 200 ? 'white' : 'other';
    });
    expect(drawn).toEqual(order.map((outcome) => (outcome === 'loads' ? 'red' : 'white')));
  }

  function expectWarnings(body: { warnings?: Array<{ code: string; layer: string; message: string }> }, order: Outcome[]): void {
    const failed = order.flatMap((outcome, index) => (outcome === 'loads' ? [] : [`${outcome}${index}`]));
    expect((body.warnings ?? []).filter((warning) => warning.code === 'image_unavailable').map((warning) => warning.layer)).toEqual(failed);
    const message = (outcome: Outcome) => body.warnings!.find((warning) => warning.layer.startsWith(outcome))?.message;
    expect(message('timedOut')).toMatch(/timed out after 5 s/);
    expect(message('tooLarge')).toMatch(/larger than 10 MB/);
    expect(message('notImage')).toMatch(/not a PNG/);
    expect(message('redirect')).toMatch(/HTTP 302/);
    expect(message('dnsFailure')).toMatch(/does not resolve/);
    expect(message('forbidden')).toMatch(/forbidden address/);
  }

  /** Draws one order through all five endpoints at once; each gets its own text so none is a cache hit. */
  async function drawEverywhere(order: Outcome[], round: number): Promise<void> {
    const apiKey = owner.apiKey;
    const templateId = await createTemplate(testApp, apiKey, design(order));
    const layers = (endpoint: string) => ({ label: { text: `${endpoint} ${round}` } });
    const [generated, batch, hooked, publicRender, preview] = await Promise.all([
      testApp.request('POST', '/api/generate', { apiKey, body: { templateId, layers: layers('generate') } }),
      testApp.request('POST', '/api/generate/batch', {
        apiKey,
        body: {
          items: [
            { templateId, layers: layers('batch a') },
            { templateId, layers: layers('batch b') },
          ],
        },
      }),
      testApp.request('POST', '/api/hooks/render', {
        apiKey,
        body: { templateId, layers: layers('hook'), webhookUrl: `${urls.loads.replace('/ok.png', '/hook')}` },
      }),
      testApp.request('GET', `/api/render?templateId=${templateId}&layers[label][text]=public%20${round}`),
      testApp.request('POST', '/api/templates/preview', { apiKey, body: { template: design(order), layers: layers('preview') } }),
    ]);
    for (const answer of [generated, batch, hooked, publicRender, preview])
      expect([answer.status, answer.status === 200 ? '' : answer.text]).toEqual([200, '']);
    expectWarnings(generated.body, order);
    expectWarnings(hooked.body, order);
    for (const item of batch.body.data) expectWarnings(item, order);
    await expectDrawn((await testApp.request('GET', new URL(generated.body.imageUrl).pathname)).bytes, order);
    await expectDrawn(publicRender.bytes, order);
    await expectDrawn(preview.bytes, order);
  }

  it('answers 200 with the right warnings for every order, and the process keeps serving', async () => {
    const all = orders();
    // Two orders at a time: ten renders in flight, each waiting on the 5 s timeout of one layer.
    for (let index = 0; index < all.length; index += 2) {
      await Promise.all(all.slice(index, index + 2).map((order, offset) => drawEverywhere(order, index + offset)));
    }
    expect(unhandled).toEqual([]);
    const metrics = await testApp.request('GET', '/metrics');
    expect(metrics.text).toMatch(/^pictor_unhandled_rejections_total 0$/m);
    expect((await testApp.request('GET', '/health/live')).status).toBe(200);
    // Each URL was fetched at most once per render (17 orders × 6 drawings), and the forbidden and unresolvable names never.
    expect(fixtures.requests.filter((request) => request.url === '/ok.png').length).toBeLessThanOrEqual(all.length * 6);
  }, 180_000);
});
