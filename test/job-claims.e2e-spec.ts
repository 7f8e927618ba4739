import { sqlTimestamp } from '../src/database/sql';
import { claimableSql, ItemOutcome, JobItemsRepository } from '../src/jobs/job-items.repository';
import { JobRunnerService } from '../src/jobs/job-runner.service';
import { createAccount, createTemplate } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/**
 * A row's claim passes to the account's next row in the transaction that records it (§22: at most
 * JOB_CONCURRENCY_PER_ACCOUNT rows at once, counted by live claims across instances), on the real database.
 */
describe('job row claims passed from row to row', () => {
  let testApp: TestApp;
  let items: JobItemsRepository;

  beforeAll(async () => {
    // This process draws nothing (no lanes with Redis, the in-process runner stopped): the test takes and records the rows itself.
    testApp = await startTestApp({ env: { JOB_WORKER: 'off' } });
    await testApp.get(JobRunnerService).onModuleDestroy();
    items = testApp.get(JobItemsRepository);
  });

  afterAll(() => testApp?.close());

  const succeeded: ItemOutcome = { status: 'succeeded', imageUrl: 'http://localhost/images/x.png', cached: false, warnings: [] };
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  async function newJob(rows: number) {
    const account = await createAccount(testApp, { plan: 'pro' });
    const templateId = await createTemplate(testApp, account.apiKey);
    const body = { templateId, rows: Array.from({ length: rows }, (_, index) => ({ title: { text: `row ${index}` } })) };
    const created = await testApp.request('POST', '/api/jobs', { apiKey: account.apiKey, body });
    expect(created.status).toBe(202);
    return { accountId: account.account.id, jobId: created.body.id as string };
  }

  const claimsOf = (accountId: string) => items.claimedCount(accountId, new Date());
  /** Row 0 of the job, claimed under `token` for five minutes. */
  const claimFirst = async (jobId: string, token: string) => (await items.claim(jobId, 0, token, new Date(), later(5)))!;
  const statuses = async (jobId: string) => (await items.page(jobId, 0, 10)).map((row) => row.status);
  const next = (accountId: string, token: string) => ({ accountId, token, now: new Date(), until: later(5) });

  it('records a row and takes the next in one step, so the account never holds more claims than before', async () => {
    const { accountId, jobId } = await newJob(3);
    const first = await claimFirst(jobId, 'token-a');
    const second = (await items.claim(jobId, 1, 'token-b', new Date(), later(5)))!;
    expect(await claimsOf(accountId)).toBe(2);

    const passed = await items.finishAndClaimNext(first, succeeded, next(accountId, 'token-c'));
    expect(passed.recorded).toBe(true);
    expect(passed.next).toMatchObject({ jobId, index: 2, token: 'token-c', layers: { title: { text: 'row 2' } } });
    expect(await claimsOf(accountId)).toBe(2);

    // No row left to take: the claim ends with the record.
    expect(await items.finishAndClaimNext(second, succeeded, next(accountId, 'token-d'))).toEqual({ recorded: true, next: null });
    expect(await claimsOf(accountId)).toBe(1);
    expect(await statuses(jobId)).toEqual(['succeeded', 'succeeded', 'pending']);
  });

  it('takes nothing when the claim was lost (expired and taken by another runner), and records nothing', async () => {
    const { accountId, jobId } = await newJob(2);
    const mine = await claimFirst(jobId, 'mine');
    // Another runner took the row over: its token replaced mine.
    await testApp.dataSource.query("UPDATE job_items SET claim_token = 'theirs' WHERE job_id = ? AND item_index = 0", [jobId]);
    expect(await items.finishAndClaimNext(mine, succeeded, next(accountId, 'another'))).toEqual({ recorded: false, next: null });
    expect(await claimsOf(accountId)).toBe(1);
    expect(await statuses(jobId)).toEqual(['pending', 'pending']);
  });

  it('records a row whose claim expired (nobody took it), but passes that claim to no other row', async () => {
    const { accountId, jobId } = await newJob(2);
    const late = await claimFirst(jobId, 'late');
    // The claim lapsed (the row drew past its budget): it no longer counts, so others may have filled the limit.
    await testApp.dataSource.query('UPDATE job_items SET claimed_until = ? WHERE job_id = ? AND item_index = 0', [sqlTimestamp(later(-1)), jobId]);
    expect(await items.finishAndClaimNext(late, succeeded, next(accountId, 'after-late'))).toEqual({ recorded: true, next: null });
    expect(await claimsOf(accountId)).toBe(0);
    expect(await statuses(jobId)).toEqual(['succeeded', 'pending']);
  });

  it('passes no claim to a row of a job canceled meanwhile', async () => {
    const { accountId, jobId } = await newJob(2);
    const first = await claimFirst(jobId, 'first');
    await testApp.dataSource.query("UPDATE jobs SET status = 'canceled' WHERE id = ?", [jobId]);
    const passed = await items.finishAndClaimNext(first, succeeded, next(accountId, 'second'));
    expect(passed.next).toBeNull();
    expect(await claimsOf(accountId)).toBe(0);
  });
  it("finds an account's next rows by walking the order index to its limit, never reading and sorting every pending row", async () => {
    // Rows already drawn come first in the job's order, as in a job half done: a plan that reads every pending row or
    // sorts them paid 1.3 ms a row on MariaDB at 1,000 pending (docs/performance.md).
    const { accountId, jobId } = await newJob(300);
    await testApp.dataSource.query("UPDATE job_items SET status = 'succeeded' WHERE job_id = ? AND item_index < 150", [jobId]);
    const sql = claimableSql(testApp.dataSource, 'job_id, item_index, layers');
    const parameters = [accountId, sqlTimestamp(new Date()), 8];
    if (testApp.dataSource.options.type === 'mysql') {
      const plan: Array<{ table: string; key: string | null; Extra: string | null }> = await testApp.dataSource.query(`EXPLAIN ${sql}`, parameters);
      expect(plan.find((row) => row.table === 'job_items')?.key).toBe('IDX_job_items_account_order');
      expect(plan.map((row) => row.Extra ?? '').join('; ')).not.toMatch(/filesort|temporary/i);
    } else {
      const plan: Array<{ detail: string }> = await testApp.dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
      const details = plan.map((row) => row.detail).join('; ');
      expect(details).toMatch(/job_items USING INDEX IDX_job_items_account_order/);
      expect(details).not.toMatch(/TEMP B-TREE/);
    }
    const rows: Array<{ item_index: number }> = await testApp.dataSource.query(sql, parameters);
    expect(rows.map((row) => Number(row.item_index))).toEqual([150, 151, 152, 153, 154, 155, 156, 157]);
  });
});
