import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';
import { ExactIdsNoPad1763900021000 } from '../../database/migrations/1763900021000-exact-ids-no-pad';

export class Assets1764310000000 implements MigrationInterface {
  name = 'Assets1764310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'assets',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'format', type: 'varchar', length: '8' },
          { name: 'width', type: 'int' },
          { name: 'height', type: 'int' },
          { name: 'byte_size', type: 'int' },
          { name: 'storage_key', type: 'varchar', length: '255' },
          { name: 'created_at', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'IX_assets_account_created', columnNames: ['account_id', 'created_at', 'id'] }],
      }),
    );
    // Byte-exact identifiers on MySQL (§20), then the key (MySQL refuses one between columns of different collations).
    await new ExactIdsNoPad1763900021000().up(queryRunner);
    await queryRunner.createForeignKey(
      'assets',
      new TableForeignKey({ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('assets');
  }
}
