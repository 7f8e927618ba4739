import { setTimeout as sleep } from 'node:timers/promises';
import { AccountsService } from '../src/accounts/accounts.service';
import { billingPeriodAt } from '../src/billing/billing-period';
import { BillingService } from '../src/billing/billing.service';
import { QuotaBlockRepository } from '../src/billing/quota-block.repository';
import { BLOCK_HAND_OUT_MS, BLOCK_MIN_DEMAND, QuotaBlocks } from '../src/billing/quota-blocks';
import { QuotaCounterRepository } from '../src/billing/quota-counter.repository';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { startSecondInstance, startTestApp, TestApp } from './support/test-app';

/**
 * Reserved blocks of units (issue 29): an account rendering steadily has its units counted a block at a time and
 * handed out from memory. §8 and §20 hold as with one lease per render: usage equals the renders drawn, never a
 * unit over the limit, and no request refused while a unit is free anywhere (on SQLite and on MariaDB + Redis).
 */
describe('units handed out of reserved blocks', () => {
  let testApp: TestApp;
  let run = 0;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(() => testApp?.close());

  const owned = async (app: TestApp, limits: { monthly?: number } = {}) => {
    const owner = await createAccount(app, { plan: 'pro' });
    await app.get(AccountsService).setLimits(owner.account.id, { perMinute: 10_000, ...limits });
    return { owner, templateId: await createTemplate(app, owner.apiKey) };
  };
  const render = (app: TestApp, owner: TestAccount, templateId: string) =>
    app.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: { title: { text: `block ${++run}` } } } });
  const burst = (app: TestApp, owner: TestAccount, templateId: string, count: number) =>
    Promise.all(Array.from({ length: count }, () => render(app, owner, templateId)));
  const usage = async (app: TestApp, owner: TestAccount) => (await app.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used as number;
  const counter = (app: TestApp, owner: TestAccount) =>
    app.get(QuotaCounterRepository).used(owner.account.id, billingPeriodAt(owner.account.createdAt, app.clock.now()).start);
  const blocksOf = (app: TestApp, owner: TestAccount) => app.get(QuotaBlockRepository).blocksOf(owner.account.id);
  /** A block of the account's holding only free units (the account drew once, so its period's counter exists). */
  const heldBlock = async (app: TestApp, owner: TestAccount, templateId: string, limit: number) => {
    expect((await render(app, owner, templateId)).status).toBe(200);
    const blocks = app.get(QuotaBlocks);
    const periodStart = billingPeriodAt(owner.account.createdAt, app.clock.now()).start;
    let unit = null;
    for (let take = 0; take < BLOCK_MIN_DEMAND && !unit; take++) unit = await blocks.take(owner.account.id, periodStart, limit);
    expect(unit).not.toBeNull();
    await unit?.back.run();
    return blocks.freeUnits(owner.account.id, periodStart);
  };
  /** Blocks give their free units back and settle within their hand-out time; a bounded wait for it. */
  const settled = async (app: TestApp, owner: TestAccount) => {
    for (let attempt = 0; attempt < 40 && (await blocksOf(app, owner)).length > 0; attempt++) await sleep(100);
    return blocksOf(app, owner);
  };

  it('counts a steady account’s renders a block at a time, each spent unit recorded in its render’s commit', async () => {
    const { owner, templateId } = await owned(testApp);
    const singles = jest.spyOn(testApp.get(QuotaCounterRepository), 'reserve');
    const blocks = jest.spyOn(testApp.get(QuotaBlockRepository), 'reserve');
    try {
      const responses = await burst(testApp, owner, templateId, 24);
      expect(responses.map((response) => response.status)).toEqual(Array(24).fill(200));
      // The first renders go one by one until the account's demand calls for a block.
      expect(singles.mock.calls.length).toBeLessThan(BLOCK_MIN_DEMAND + 4);
      expect(blocks).toHaveBeenCalled();
    } finally {
      singles.mockRestore();
      blocks.mockRestore();
    }
    expect(await settled(testApp, owner)).toEqual([]);
    expect(await counter(testApp, owner)).toBe(24);
    expect(await usage(testApp, owner)).toBe(24);
    expect(await testApp.get(QuotaCounterRepository).openLeases(owner.account.id)).toBe(0);
  });

  it('never shows a block’s free units as used, and gives them back within its hand-out time', async () => {
    const { owner, templateId } = await owned(testApp);
    // Demand enough for a block, one unit taken and given back: the block holds all its units free.
    const held = await heldBlock(testApp, owner, templateId, 5_000);
    expect(held).toBeGreaterThanOrEqual(BLOCK_MIN_DEMAND);
    expect(await counter(testApp, owner)).toBe(1 + held);
    expect(await usage(testApp, owner)).toBe(1);

    expect((await render(testApp, owner, templateId)).status).toBe(200);
    expect(await usage(testApp, owner)).toBe(2);
    expect(await settled(testApp, owner)).toEqual([]);
    expect(await counter(testApp, owner)).toBe(2);
  });

  it('lets exactly the monthly limit through a burst larger than it, blocks and single units together', async () => {
    const { owner, templateId } = await owned(testApp, { monthly: 40 });
    const responses = await burst(testApp, owner, templateId, 60);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(40);
    const refused = responses.filter((response) => response.status === 429);
    expect(refused).toHaveLength(20);
    for (const response of refused) expect(response.body).toMatchObject({ code: 'quota_exceeded', limit: 40, remaining: 0 });
    expect(await settled(testApp, owner)).toEqual([]);
    expect(await usage(testApp, owner)).toBe(40);
  });

  it('gives its own free units to a request that needs more than one unit before refusing it', async () => {
    const { owner, templateId } = await owned(testApp, { monthly: 12 });
    expect(await heldBlock(testApp, owner, templateId, 12)).toBeGreaterThan(0);
    // An 11-page document needs every unit left in the period, the block's too.
    const account = await testApp.get(AccountsService).get(owner.account.id);
    const admission = await testApp.get(BillingService).admit(account, { units: 11 });
    await admission.commit();
    expect(await usage(testApp, owner)).toBe(12);
    expect(await blocksOf(testApp, owner)).toEqual([]);
  });

  it('makes a request on another instance wait for a block’s free units instead of refusing it', async () => {
    const second = await startSecondInstance(testApp);
    try {
      const { owner, templateId } = await owned(testApp, { monthly: 10 });
      expect(await heldBlock(testApp, owner, templateId, 10)).toBeGreaterThan(0);

      // The second instance renders one at a time until refused: it gets the nine left, the held ones once given back.
      const started = performance.now();
      let drawn = 1;
      for (; drawn < 11; drawn++) {
        const response = await render(second, owner, templateId);
        if (response.status !== 200) {
          expect(response.body).toMatchObject({ code: 'quota_exceeded', limit: 10, used: 10, remaining: 0 });
          break;
        }
      }
      expect(drawn).toBe(10);
      expect(performance.now() - started).toBeGreaterThanOrEqual(BLOCK_HAND_OUT_MS / 2);
      expect(await settled(testApp, owner)).toEqual([]);
      expect(await usage(second, owner)).toBe(10);
    } finally {
      await second.close();
    }
  });
});
