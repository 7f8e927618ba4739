import { randomBytes } from 'node:crypto';
import { RedisConnections } from '../src/redis/redis-connections';
import { RenderFlightService } from '../src/render/render-flight.service';
import { RendererService } from '../src/render/renderer/renderer.service';
import { createAccount, createTemplate } from './support/factories';
import { startSecondInstance, startTestApp, TestApp } from './support/test-app';

/**
 * §6/§19: identical concurrent renders are drawn once and billed once — across instances when they
 * share MySQL and Redis (CI's second pass), within the one instance otherwise.
 */
describe('single flight', () => {
  let first: TestApp;
  let second: TestApp;
  let instances: TestApp[];
  const shared = Boolean(process.env.REDIS_URL);

  beforeAll(async () => {
    first = await startTestApp();
    second = await startSecondInstance(first);
    // Without Redis the instances cannot see each other's drawings in progress: one instance then.
    instances = shared ? [first, second] : [first];
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const drawSpies = () => instances.map((instance) => jest.spyOn(instance.get(RendererService), 'draw'));
  const drawings = (spies: jest.SpyInstance[]) => spies.reduce((total, spy) => total + spy.mock.calls.length, 0);

  it(`draws 10 concurrent identical requests once and bills them once (${process.env.REDIS_URL ? 'two instances, MySQL + Redis' : 'one instance'})`, async () => {
    const owner = await createAccount(first, { plan: 'pro' });
    const templateId = await createTemplate(first, owner.apiKey);
    const spies = drawSpies();
    const body = { templateId, layers: { title: { text: `Once ${randomBytes(4).toString('hex')}` } } };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => instances[index % instances.length].request('POST', '/api/generate', { apiKey: owner.apiKey, body })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.body.cached === false)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.cached === true)).toHaveLength(9);
    expect(new Set(answers.map((answer) => answer.body.imageUrl)).size).toBe(1);
    expect(drawings(spies)).toBe(1);
    expect((await second.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used).toBe(1);
    const image = await second.request('GET', new URL(answers[0].body.imageUrl).pathname);
    expect(image.status).toBe(200);
    spies.forEach((spy) => spy.mockRestore());
  });

  it('lets another request take over when the holder failed, so a failed drawing neither blocks nor is billed', async () => {
    const owner = await createAccount(first, { plan: 'pro' });
    const templateId = await createTemplate(first, owner.apiKey);
    const renderer = first.get(RendererService);
    let failures = 0;
    // The first drawing fails after a while (the others are waiting on it by then).
    const spy = jest.spyOn(renderer, 'draw').mockImplementationOnce(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      failures++;
      throw new Error('drawing failed');
    });
    const body = { templateId, layers: { title: { text: 'Holder fails' } } };
    const first500 = first.request('POST', '/api/generate', { apiKey: owner.apiKey, body });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const joined = instances[instances.length - 1].request('POST', '/api/generate', { apiKey: owner.apiKey, body });
    const [failed, after] = await Promise.all([first500, joined]);
    expect(failures).toBe(1);
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe('render_failed');
    if (shared) {
      // The other instance waited on the lock, saw it released without a result, and drew itself.
      expect(after.status).toBe(200);
      expect(after.body.cached).toBe(false);
      expect((await first.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used).toBe(1);
    } else {
      // One instance: the joined request shared the failed drawing; the next one draws.
      expect(after.status).toBe(500);
      const retried = await first.request('POST', '/api/generate', { apiKey: owner.apiKey, body });
      expect(retried.body.cached).toBe(false);
      expect((await first.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used).toBe(1);
    }
    spy.mockRestore();
  });

  it('does not let a dead holder block others past its lock lifetime: one waiter takes over and draws once', async () => {
    const redis = first.get(RedisConnections);
    const key = `dead-holder-${randomBytes(4).toString('hex')}`;
    // What a killed instance leaves behind: a lock nobody renews (here with a short lifetime).
    if (redis.client) await redis.client.set(redis.key(`render-lock:${key}`), 'killed-instance', 'PX', 1_500);
    let draws = 0;
    const draw = () => {
      draws++;
      return Promise.resolve({ warnings: [] });
    };
    const started = Date.now();
    const flights = await Promise.all(
      instances.flatMap((instance) => [instance, instance]).map((instance) => instance.get(RenderFlightService).run(key, draw)),
    );
    const waited = Date.now() - started;
    expect(draws).toBe(1);
    expect(flights.filter((flight) => flight.drew)).toHaveLength(1);
    if (redis.client) {
      expect(waited).toBeGreaterThanOrEqual(1_400);
      expect(waited).toBeLessThan(5_000);
    }
  });
});
