import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const COLUMNS = '"id", "account_id", "period_start", "expires_at", "units"';
const definition = (name: string, withoutRowid: boolean) =>
  `CREATE TABLE "${name}" ("id" varchar(36) PRIMARY KEY NOT NULL, "account_id" varchar(32) NOT NULL, "period_start" datetime(3) NOT NULL, ` +
  `"expires_at" datetime(3) NOT NULL, "units" int NOT NULL DEFAULT (1), ` +
  `CONSTRAINT "FK_quota_leases_account" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE CASCADE)${withoutRowid ? ' WITHOUT ROWID' : ''}`;
const EXPIRES_INDEX = new TableIndex({ name: 'IDX_quota_leases_expires_at', columnNames: ['expires_at'] });

/**
 * Every fresh render inserts a lease and deletes it, while the table only ever holds the renders in flight. Fewer
 * structures to write per render: no index on `expires_at` (the reclaimer scans a table of in-flight leases), and
 * on SQLite one b-tree keyed by the id (WITHOUT ROWID) instead of a rowid table plus its primary-key index (a fresh
 * render's bookkeeping 7–20 % cheaper, docs/performance.md). InnoDB already keeps rows in their primary key.
 */
export class LeanQuotaLeases1764340000000 implements MigrationInterface {
  name = 'LeanQuotaLeases1764340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'mysql') return queryRunner.dropIndex('quota_leases', EXPIRES_INDEX);
    await this.rebuild(queryRunner, true);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'mysql') await this.rebuild(queryRunner, false);
    await queryRunner.createIndex('quota_leases', EXPIRES_INDEX);
  }

  /** SQLite cannot change a table's storage in place: a copy under the table's name, with the leases in flight. */
  private async rebuild(queryRunner: QueryRunner, withoutRowid: boolean): Promise<void> {
    await queryRunner.query(definition('quota_leases_rebuilt', withoutRowid));
    await queryRunner.query(`INSERT INTO "quota_leases_rebuilt" (${COLUMNS}) SELECT ${COLUMNS} FROM "quota_leases"`);
    await queryRunner.query('DROP TABLE "quota_leases"');
    await queryRunner.query('ALTER TABLE "quota_leases_rebuilt" RENAME TO "quota_leases"');
  }
}
