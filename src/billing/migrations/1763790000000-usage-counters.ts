import { MigrationInterface, QueryRunner, Table } from 'typeorm';

export class UsageCounters1763790000000 implements MigrationInterface {
  name = 'UsageCounters1763790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'usage_counters',
        columns: [
          { name: 'account_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'period_start', type: 'datetime', precision: 3, isPrimary: true },
          { name: 'used', type: 'int', default: 0 },
        ],
        foreignKeys: [
          { columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('usage_counters');
  }
}
