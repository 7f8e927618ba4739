import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';
import { ExactIdsNoPad1763900021000 } from '../../database/migrations/1763900021000-exact-ids-no-pad';

export class IdempotencyKeys1764200000000 implements MigrationInterface {
  name = 'IdempotencyKeys1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          { name: 'account_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'key_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'request_hash', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'locked_until', type: 'datetime', precision: 3 },
          { name: 'response_status', type: 'int', isNullable: true },
          { name: 'response_type', type: 'varchar', length: '100', isNullable: true },
          { name: 'response_location', type: 'varchar', length: '255', isNullable: true },
          // A batch answer with warnings can pass MySQL's 64 KiB TEXT.
          { name: 'response_body', type: mysql ? 'mediumtext' : 'text', isNullable: true },
          { name: 'expires_at', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'IDX_idempotency_keys_expires', columnNames: ['expires_at'] }],
      }),
    );
    // Byte-exact identifiers on MySQL (§20), then the key (MySQL refuses one between columns of different collations).
    await new ExactIdsNoPad1763900021000().up(queryRunner);
    await queryRunner.createForeignKey(
      'idempotency_keys',
      new TableForeignKey({ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_keys');
  }
}
