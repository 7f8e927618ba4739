import { setTimeout as sleep } from 'node:timers/promises';
import { QueryFailedError } from 'typeorm';
import { QuotaCounterRepository } from '../src/billing/quota-counter.repository';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/**
 * §20 "counted means answered" when the database goes away around a COMMIT: the transaction may have
 * landed although the client saw the connection die. Reproduced exactly (the real statement runs, then
 * the driver's connection-lost error is thrown), on SQLite and on MariaDB: the render answers 503
 * dependency_unavailable and nothing stays counted.
 */
describe('a COMMIT whose answer was lost (§20)', () => {
  let testApp: TestApp;
  let owner: TestAccount;
  let templateId: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp, { plan: 'pro' });
    templateId = await createTemplate(testApp, owner.apiKey);
  });

  afterAll(() => testApp?.close());

  const connectionLost = () =>
    new QueryFailedError(
      'COMMIT',
      [],
      Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }),
    );
  const render = (text: string) => testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: { title: { text } } } });
  const usage = async () => ({
    used: (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used as number,
    openLeases: await testApp.get(QuotaCounterRepository).openLeases(owner.account.id),
  });
  /** The refund of a reservation goes in the background; a bounded wait for it. */
  const settled = async (expected: { used: number; openLeases: number }) => {
    let seen = await usage();
    for (let attempt = 0; attempt < 20 && (seen.used !== expected.used || seen.openLeases !== expected.openLeases); attempt++) {
      await sleep(100);
      seen = await usage();
    }
    return seen;
  };

  it.each(['reserve', 'commit'] as const)('the %s landed, its answer did not: 503 dependency_unavailable and the unit is given back', async (step) => {
    const before = await usage();
    const repository = testApp.get(QuotaCounterRepository);
    const original = repository[step].bind(repository) as (...args: unknown[]) => Promise<unknown>;
    const spy = jest.spyOn(repository, step).mockImplementationOnce(async (...args: unknown[]) => {
      await original(...args);
      throw connectionLost();
    });
    try {
      const refused = await render(`lost ${step}`);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'dependency_unavailable' });
      expect(refused.body.message).toMatch(/database/);
    } finally {
      spy.mockRestore();
    }
    expect(await settled(before)).toEqual(before);

    // And the same render afterwards is drawn (or found, when the lost commit recorded it) and served.
    const again = await render(`lost ${step}`);
    expect(again.status).toBe(200);
    expect((await usage()).used).toBe(before.used + (again.body.cached ? 0 : 1));
  });
});
