import { MigrationInterface, QueryRunner, Table } from 'typeorm';

export class FontFaces1763900020000 implements MigrationInterface {
  name = 'FontFaces1763900020000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Identifiers compare byte-exactly on MySQL/MariaDB as on SQLite (and match accounts.id for the foreign key).
    const exact = queryRunner.connection.driver.options.type === 'mysql' ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'font_faces',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true, ...exact },
          { name: 'account_id', type: 'varchar', length: '32', ...exact },
          { name: 'family', type: 'varchar', length: '200' },
          { name: 'family_key', type: 'varchar', length: '200' },
          { name: 'weight', type: 'int' },
          { name: 'style', type: 'varchar', length: '8' },
          { name: 'format', type: 'varchar', length: '8' },
          { name: 'glyph_count', type: 'int' },
          { name: 'byte_size', type: 'int' },
          { name: 'sha256', type: 'varchar', length: '64' },
          { name: 'storage_key', type: 'varchar', length: '255' },
          { name: 'created_at', type: 'datetime', precision: 3 },
          { name: 'updated_at', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'UQ_font_faces_face', columnNames: ['account_id', 'family_key', 'weight', 'style'], isUnique: true }],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('font_faces');
  }
}
