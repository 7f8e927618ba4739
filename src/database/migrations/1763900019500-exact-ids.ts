import { MigrationInterface, QueryRunner } from 'typeorm';

/** Identifier columns: `id`, `*_id`, and the hashed keys that are looked up by equality. */
const ID_COLUMN = "(COLUMN_NAME = 'id' OR COLUMN_NAME LIKE '%\\_id' OR COLUMN_NAME IN ('cache_key', 'token_hash', 'key_hash'))";

/**
 * MySQL/MariaDB only: every identifier column compares byte-exactly (utf8mb4_bin), as it always has on
 * SQLite. Under the database's `_ci` collation `tpl_ABC` also found `tpl_abc`. Columns are found in
 * information_schema, so a later migration adding id columns can call `ExactIds1763900019500.makeIdColumnsBinary` again.
 */
async function makeIdColumnsBinary(queryRunner: QueryRunner, collation = 'utf8mb4_bin'): Promise<void> {
  if (queryRunner.connection.options.type !== 'mysql') return;
  const columns: Array<{ TABLE_NAME: string; COLUMN_NAME: string; COLUMN_TYPE: string; IS_NULLABLE: string }> = await queryRunner.query(
    `SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND DATA_TYPE IN ('varchar', 'char') AND ${ID_COLUMN} AND COLLATION_NAME <> ?
     AND TABLE_NAME NOT IN ('migrations', 'typeorm_metadata')`,
    [collation],
  );
  if (columns.length === 0) return;
  // MariaDB refuses to change a column a foreign key uses (even with FOREIGN_KEY_CHECKS off): drop the
  // keys on these columns, change both sides, and put the keys back as they were.
  const foreignKeys: Array<{ CONSTRAINT_NAME: string; TABLE_NAME: string; COLUMN_NAME: string; REFERENCED_TABLE_NAME: string; REFERENCED_COLUMN_NAME: string; DELETE_RULE: string; UPDATE_RULE: string }> =
    await queryRunner.query(
      `SELECT k.CONSTRAINT_NAME, k.TABLE_NAME, k.COLUMN_NAME, k.REFERENCED_TABLE_NAME, k.REFERENCED_COLUMN_NAME, r.DELETE_RULE, r.UPDATE_RULE
       FROM information_schema.KEY_COLUMN_USAGE k
       JOIN information_schema.REFERENTIAL_CONSTRAINTS r ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME AND r.TABLE_NAME = k.TABLE_NAME
       WHERE k.TABLE_SCHEMA = DATABASE() AND k.REFERENCED_TABLE_NAME IS NOT NULL`,
    );
  const changing = new Set(columns.map((column) => `${column.TABLE_NAME}.${column.COLUMN_NAME}`));
  const affected = foreignKeys.filter((key) => changing.has(`${key.TABLE_NAME}.${key.COLUMN_NAME}`) || changing.has(`${key.REFERENCED_TABLE_NAME}.${key.REFERENCED_COLUMN_NAME}`));
  for (const key of affected) await queryRunner.query(`ALTER TABLE \`${key.TABLE_NAME}\` DROP FOREIGN KEY \`${key.CONSTRAINT_NAME}\``);
  for (const column of columns) {
    await queryRunner.query(
      `ALTER TABLE \`${column.TABLE_NAME}\` MODIFY \`${column.COLUMN_NAME}\` ${column.COLUMN_TYPE} CHARACTER SET utf8mb4 COLLATE ${collation} ${column.IS_NULLABLE === 'YES' ? 'NULL' : 'NOT NULL'}`,
    );
  }
  for (const key of affected) {
    await queryRunner.query(
      `ALTER TABLE \`${key.TABLE_NAME}\` ADD CONSTRAINT \`${key.CONSTRAINT_NAME}\` FOREIGN KEY (\`${key.COLUMN_NAME}\`) REFERENCES \`${key.REFERENCED_TABLE_NAME}\` (\`${key.REFERENCED_COLUMN_NAME}\`) ON DELETE ${key.DELETE_RULE} ON UPDATE ${key.UPDATE_RULE}`,
    );
  }
}

export class ExactIds1763900019500 implements MigrationInterface {
  name = 'ExactIds1763900019500';

  static readonly makeIdColumnsBinary = makeIdColumnsBinary;

  async up(queryRunner: QueryRunner): Promise<void> {
    await makeIdColumnsBinary(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await makeIdColumnsBinary(queryRunner, 'utf8mb4_unicode_ci');
  }
}
