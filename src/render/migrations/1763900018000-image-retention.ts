import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * Image retention (§19): when each cached image was last rendered or requested, and a lease row so
 * that one sweep runs at a time across instances (works on SQLite and MySQL, with or without Redis).
 */
export class ImageRetention1763900018000 implements MigrationInterface {
  name = 'ImageRetention1763900018000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('render_cache', new TableColumn({ name: 'last_accessed_at', type: 'datetime', precision: 3, isNullable: true }));
    await queryRunner.query('UPDATE render_cache SET last_accessed_at = created_at');
    await queryRunner.createIndex('render_cache', new TableIndex({ name: 'IDX_render_cache_last_access', columnNames: ['last_accessed_at'] }));
    await queryRunner.createTable(
      new Table({
        name: 'scheduler_leases',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'holder', type: 'varchar', length: '64' },
          { name: 'expires_at', type: 'datetime', precision: 3 },
        ],
      }),
    );
    await queryRunner.query("INSERT INTO scheduler_leases (name, holder, expires_at) VALUES ('image-retention', '', '1970-01-01 00:00:00.000')");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('scheduler_leases');
    await queryRunner.dropIndex('render_cache', 'IDX_render_cache_last_access');
    await queryRunner.dropColumn('render_cache', 'last_accessed_at');
  }
}
