import { MigrationInterface, QueryRunner, Table } from 'typeorm';

export class Assets1764300000000 implements MigrationInterface {
  name = 'Assets1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Identifiers compare byte-exactly on MySQL/MariaDB as on SQLite (and match accounts.id for the foreign key).
    const exact = queryRunner.connection.driver.options.type === 'mysql' ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'assets',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true, ...exact },
          { name: 'account_id', type: 'varchar', length: '32', ...exact },
          { name: 'format', type: 'varchar', length: '8' },
          { name: 'width', type: 'int' },
          { name: 'height', type: 'int' },
          { name: 'byte_size', type: 'int' },
          { name: 'storage_key', type: 'varchar', length: '255' },
          { name: 'created_at', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'IX_assets_account_created', columnNames: ['account_id', 'created_at', 'id'] }],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('assets');
  }
}
