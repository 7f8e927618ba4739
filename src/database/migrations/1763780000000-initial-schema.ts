import { MigrationInterface, QueryRunner, Table, TableColumnOptions } from 'typeorm';

const timestamp = (name: string, nullable = false): TableColumnOptions => ({
  name,
  type: 'datetime',
  precision: 3,
  isNullable: nullable,
});

/** Accounts, API keys, templates and the render cache. Written with the Table API so it runs on both drivers. */
export class InitialSchema1763780000000 implements MigrationInterface {
  name = 'InitialSchema1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isMysql = queryRunner.connection.options.type === 'mysql';
    // Template layers can hold 50 layers of 5,000-character texts: more than MySQL's 64 KiB TEXT.
    const longText = isMysql ? 'mediumtext' : 'text';

    await queryRunner.createTable(
      new Table({
        name: 'accounts',
        columns: [
          { name: 'id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'email', type: 'varchar', length: '254', isUnique: true },
          { name: 'password_hash', type: 'varchar', length: '255', isNullable: true },
          { name: 'plan', type: 'varchar', length: '16' },
          { name: 'monthly_limit', type: 'int', isNullable: true },
          { name: 'per_minute_limit', type: 'int', isNullable: true },
          { name: 'webhook_secret_encrypted', type: 'varchar', length: '512', isNullable: true },
          { name: 'url_signing_secret_encrypted', type: 'varchar', length: '512', isNullable: true },
          timestamp('created_at'),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        columns: [
          { name: 'id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'prefix', type: 'varchar', length: '16' },
          { name: 'key_hash', type: 'varchar', length: '64', isUnique: true },
          timestamp('created_at'),
          timestamp('last_used_at', true),
          timestamp('revoked_at', true),
        ],
        indices: [{ name: 'IDX_api_keys_account', columnNames: ['account_id'] }],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'templates',
        columns: [
          { name: 'id', type: 'varchar', length: '40', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'width', type: 'int' },
          { name: 'height', type: 'int' },
          { name: 'background', type: 'varchar', length: '32' },
          { name: 'public_render', type: 'varchar', length: '8' },
          { name: 'layers', type: longText },
          { name: 'version', type: 'int' },
          timestamp('created_at'),
          timestamp('updated_at'),
        ],
        indices: [{ name: 'IDX_templates_account', columnNames: ['account_id'] }],
        foreignKeys: [{ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'render_cache',
        columns: [
          { name: 'cache_key', type: 'varchar', length: '64', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'template_id', type: 'varchar', length: '40' },
          { name: 'template_version', type: 'int' },
          { name: 'format', type: 'varchar', length: '8' },
          { name: 'byte_size', type: 'int' },
          { name: 'warnings', type: 'text' },
          timestamp('created_at'),
        ],
        indices: [{ name: 'IDX_render_cache_template', columnNames: ['template_id'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('render_cache');
    await queryRunner.dropTable('templates');
    await queryRunner.dropTable('api_keys');
    await queryRunner.dropTable('accounts');
  }
}
