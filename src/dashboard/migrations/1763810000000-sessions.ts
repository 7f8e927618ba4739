import { MigrationInterface, QueryRunner, Table } from 'typeorm';

export class Sessions1763810000000 implements MigrationInterface {
  name = 'Sessions1763810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { name: 'token_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'csrf_token', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'datetime', precision: 3 },
          { name: 'expires_at', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'IDX_sessions_account', columnNames: ['account_id'] }],
        foreignKeys: [
          { columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('sessions');
  }
}
