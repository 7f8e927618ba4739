import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';
import { ExactIdsNoPad1763900021000 } from '../../database/migrations/1763900021000-exact-ids-no-pad';

export class Jobs1764100000000 implements MigrationInterface {
  name = 'Jobs1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'jobs',
        columns: [
          { name: 'id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'template_id', type: 'varchar', length: '64' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'format', type: 'varchar', length: '8' },
          { name: 'output', type: 'varchar', length: '8' },
          { name: 'width', type: 'int', isNullable: true },
          { name: 'height', type: 'int', isNullable: true },
          { name: 'quality', type: 'int', isNullable: true },
          { name: 'total', type: 'int' },
          { name: 'webhook_url', type: 'varchar', length: '2048', isNullable: true },
          { name: 'metadata', type: 'text', isNullable: true },
          { name: 'created_at', type: 'datetime', precision: 3 },
          { name: 'started_at', type: 'datetime', precision: 3, isNullable: true },
          { name: 'finished_at', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [
          { name: 'IDX_jobs_account_created', columnNames: ['account_id', 'created_at'] },
          { name: 'IDX_jobs_status', columnNames: ['status'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'job_items',
        columns: [
          { name: 'job_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'item_index', type: 'int', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'layers', type: 'text' },
          { name: 'image_url', type: 'varchar', length: '2048', isNullable: true },
          { name: 'cached', type: 'boolean', default: false },
          { name: 'warnings', type: 'text', isNullable: true },
          { name: 'error', type: 'text', isNullable: true },
          { name: 'claim_token', type: 'varchar', length: '36', isNullable: true },
          { name: 'claimed_until', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [
          { name: 'IDX_job_items_job_status', columnNames: ['job_id', 'status'] },
          { name: 'IDX_job_items_account_status', columnNames: ['account_id', 'status'] },
        ],
      }),
    );
    // Identifier columns compare byte-exactly on MySQL too (§20), like every other table's; the keys come after,
    // since MySQL refuses a foreign key between columns of different collations.
    await new ExactIdsNoPad1763900021000().up(queryRunner);
    await queryRunner.createForeignKey(
      'jobs',
      new TableForeignKey({ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
    );
    await queryRunner.createForeignKey(
      'job_items',
      new TableForeignKey({ columnNames: ['job_id'], referencedTableName: 'jobs', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('job_items');
    await queryRunner.dropTable('jobs');
  }
}
