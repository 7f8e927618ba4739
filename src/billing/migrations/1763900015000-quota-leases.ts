import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** One row per unit reserved for a render still in flight; a completed render deletes its row. */
export class QuotaLeases1763900015000 implements MigrationInterface {
  name = 'QuotaLeases1763900015000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quota_leases',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'period_start', type: 'datetime', precision: 3 },
          { name: 'expires_at', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'IDX_quota_leases_expires_at', columnNames: ['expires_at'] }],
        foreignKeys: [
          { columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quota_leases');
  }
}
