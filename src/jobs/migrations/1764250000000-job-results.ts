import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';
import { ExactIdsNoPad1763900021000 } from '../../database/migrations/1763900021000-exact-ids-no-pad';

/** A job's result file (§22 `zip`, `pdf`), and the retention sweep's lease for them. */
export class JobResults1764250000000 implements MigrationInterface {
  name = 'JobResults1764250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'job_results',
        columns: [
          { name: 'job_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'result_key', type: 'varchar', length: '64' },
          { name: 'extension', type: 'varchar', length: '8' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'error', type: 'text', isNullable: true },
          { name: 'claim_token', type: 'varchar', length: '36', isNullable: true },
          { name: 'claimed_until', type: 'datetime', precision: 3, isNullable: true },
          { name: 'last_accessed_at', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [
          { name: 'IDX_job_results_status_access', columnNames: ['status', 'last_accessed_at'] },
          { name: 'IDX_job_results_key', columnNames: ['result_key'] },
        ],
      }),
    );
    // Identifier columns compare byte-exactly on MySQL (§20), as jobs.id does; the foreign key needs the same collation on both sides.
    await new ExactIdsNoPad1763900021000().up(queryRunner);
    await queryRunner.createForeignKey(
      'job_results',
      new TableForeignKey({ columnNames: ['job_id'], referencedTableName: 'jobs', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
    );
    await queryRunner.query("INSERT INTO scheduler_leases (name, holder, expires_at) VALUES ('job-result-retention', '', '1970-01-01 00:00:00.000')");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM scheduler_leases WHERE name = 'job-result-retention'");
    await queryRunner.dropTable('job_results');
  }
}
