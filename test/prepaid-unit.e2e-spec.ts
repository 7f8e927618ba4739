import { BillingService, PREPAID_TAKE_MS } from '../src/billing/billing.service';
import { QuotaCounterRepository } from '../src/billing/quota-counter.repository';
import { QuotaLeaseReclaimer } from '../src/billing/quota-lease-reclaimer';
import { SqlTransactionRunner } from '../src/database/sql-transaction';
import { createAccount, createTemplate, TestAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/** A job row's monthly unit, counted in the transaction that claims the row (BillingService.prepay), on either database. */
describe("a job row's unit counted with its claim", () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(() => testApp?.close());

  const countedAhead = async (owner: TestAccount) => {
    const unit = testApp.get(BillingService).prepay(owner.account);
    await new SqlTransactionRunner(testApp.dataSource).run(unit.body());
    expect(unit.isCounted).toBe(true);
    return unit;
  };
  /** An account whose period has its counter row (a job's first row is counted the usual way): it has drawn one render. */
  const accountThatDrew = async () => {
    const owner = await createAccount(testApp, { plan: 'pro' });
    const templateId = await createTemplate(testApp, owner.apiKey);
    const drawn = await testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: { title: { text: 'first' } } } });
    expect(drawn.status).toBe(200);
    return owner;
  };
  const used = async (owner: TestAccount) => (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body.quota.used as number;
  const openLeases = (owner: TestAccount) => testApp.get(QuotaCounterRepository).openLeases(owner.account.id);

  it('is leased until the budget of the render that took it ends, not RENDER_TIMEOUT after it was counted', async () => {
    const owner = await accountThatDrew();
    const unit = await countedAhead(owner);
    testApp.clock.advance(PREPAID_TAKE_MS - 200);
    const admission = unit.take();
    expect(admission).not.toBeNull();
    // The render is near the end of its budget, which began at the take: a sweep must leave its unit alone.
    testApp.clock.advance(testApp.config.renderTimeoutMs - 200);
    await testApp.get(QuotaLeaseReclaimer).sweep();
    expect(await openLeases(owner)).toBe(1);
    await admission!.commit();
    expect(await used(owner)).toBe(2);
    expect(await openLeases(owner)).toBe(0);
    // Taken once: a second take or a release changes nothing.
    expect(unit.take()).toBeNull();
    await unit.release();
    expect(await used(owner)).toBe(2);
  });

  it('is not taken late: the row is admitted as any render is, and the unit goes back', async () => {
    const owner = await accountThatDrew();
    const unit = await countedAhead(owner);
    expect(await used(owner)).toBe(2);
    testApp.clock.advance(PREPAID_TAKE_MS + 200);
    expect(unit.take()).toBeNull();
    await unit.release();
    expect(await used(owner)).toBe(1);
    expect(await openLeases(owner)).toBe(0);
  });

  it('is reclaimed once its process is gone: RENDER_TIMEOUT after the last moment it could be taken', async () => {
    const owner = await accountThatDrew();
    await countedAhead(owner);
    testApp.clock.advance(PREPAID_TAKE_MS + testApp.config.renderTimeoutMs + 1_000);
    await testApp.get(QuotaLeaseReclaimer).sweep();
    expect(await used(owner)).toBe(1);
    expect(await openLeases(owner)).toBe(0);
  });
});
