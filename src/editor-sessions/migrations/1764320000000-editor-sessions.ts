import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';
import { ExactIdsNoPad1763900021000 } from '../../database/migrations/1763900021000-exact-ids-no-pad';

export class EditorSessions1764320000000 implements MigrationInterface {
  name = 'EditorSessions1764320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'editor_sessions',
        columns: [
          { name: 'id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'template_id', type: 'varchar', length: '32', isNullable: true },
          { name: 'mode', type: 'varchar', length: '8' },
          { name: 'allowed_origins', type: 'text' },
          { name: 'permissions', type: 'text' },
          { name: 'created_at', type: 'datetime', precision: 3 },
          { name: 'expires_at', type: 'datetime', precision: 3 },
          { name: 'revoked_at', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [
          { name: 'IDX_editor_sessions_token', columnNames: ['token_hash'], isUnique: true },
          { name: 'IDX_editor_sessions_account', columnNames: ['account_id', 'expires_at'] },
        ],
      }),
    );
    // Byte-exact identifiers on MySQL (§20), then the key (MySQL refuses one between columns of different collations).
    await new ExactIdsNoPad1763900021000().up(queryRunner);
    await queryRunner.createForeignKey(
      'editor_sessions',
      new TableForeignKey({ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('editor_sessions');
  }
}
