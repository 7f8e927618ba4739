import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Indexes for the runners' per-row queries on an account's rows (claimable rows in order, live claims counted):
 * with only (account_id, status) both read every pending row of the account, for each row drawn (a sort of all of
 * them for the first), so a 10,000-row job cost O(rows²) and blocked the event loop on SQLite. These two let
 * the first walk the rows in job and row order and stop at its limit, and the second count the live claims alone.
 */
export class JobItemClaimIndexes1764330000000 implements MigrationInterface {
  name = 'JobItemClaimIndexes1764330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'job_items',
      new TableIndex({ name: 'IDX_job_items_account_order', columnNames: ['account_id', 'status', 'job_id', 'item_index'] }),
    );
    await queryRunner.createIndex(
      'job_items',
      new TableIndex({ name: 'IDX_job_items_account_claimed', columnNames: ['account_id', 'status', 'claimed_until'] }),
    );
    // A prefix of both: no longer needed.
    await queryRunner.dropIndex('job_items', 'IDX_job_items_account_status');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('job_items', new TableIndex({ name: 'IDX_job_items_account_status', columnNames: ['account_id', 'status'] }));
    await queryRunner.dropIndex('job_items', 'IDX_job_items_account_claimed');
    await queryRunner.dropIndex('job_items', 'IDX_job_items_account_order');
  }
}
