import { AccountsRepository } from '../src/accounts/accounts.repository';
import { AccountsService } from '../src/accounts/accounts.service';
import { createAccount } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/** The account as job rows and public renders read it: one read, then memory, until an account write is announced. */
describe('AccountsService.current', () => {
  let testApp: TestApp;
  let accounts: AccountsService;

  beforeAll(async () => {
    testApp = await startTestApp();
    accounts = testApp.get(AccountsService);
  });

  afterAll(() => testApp?.close());

  it('reads the row once, then answers from memory until a write changes it', async () => {
    const { account } = await createAccount(testApp, { plan: 'pro' });
    const reads = jest.spyOn(testApp.get(AccountsRepository), 'findById');
    try {
      expect(await accounts.current(account.id)).toMatchObject({ id: account.id, plan: 'pro', monthlyLimit: null });
      expect(await accounts.current(account.id)).toMatchObject({ plan: 'pro' });
      expect(reads).toHaveBeenCalledTimes(1);
      // A plan or limit set (CLI, dashboard) holds for the very next render.
      await accounts.setLimits(account.id, { monthly: 7 });
      expect(await accounts.current(account.id)).toMatchObject({ plan: 'pro', monthlyLimit: 7 });
      await accounts.setPlan(account.id, 'free');
      expect(await accounts.current(account.id)).toMatchObject({ plan: 'free', monthlyLimit: 7 });
    } finally {
      reads.mockRestore();
    }
  });

  it('hands out copies: a caller changing its account changes nobody else’s', async () => {
    const { account } = await createAccount(testApp, { plan: 'pro' });
    const first = await accounts.current(account.id);
    first.plan = 'free';
    expect((await accounts.current(account.id)).plan).toBe('pro');
  });

  it('refuses an unknown account with its code', async () => {
    await expect(accounts.current('acc_missing')).rejects.toMatchObject({ code: 'account_not_found' });
  });
});
