import { MigrationInterface, QueryRunner } from 'typeorm';
import { ExactIds1763900019500 } from './1763900019500-exact-ids';

/** NO PAD binary collations, newest first: MariaDB 10.2+ has the first, MySQL 8 the second. */
const NO_PAD_BINARY = ['utf8mb4_nopad_bin', 'utf8mb4_0900_bin'];

/**
 * MySQL/MariaDB only: identifier columns compare byte-exactly including trailing spaces. `utf8mb4_bin` is a
 * PAD SPACE collation, under which `tpl_abc ` (with a space) still found `tpl_abc`; SQLite never did.
 * A server with neither collation (MySQL 5.7) keeps `utf8mb4_bin`.
 */
export class ExactIdsNoPad1763900021000 implements MigrationInterface {
  name = 'ExactIdsNoPad1763900021000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'mysql') return;
    const available = (await queryRunner.query(
      `SELECT COLLATION_NAME FROM information_schema.COLLATIONS WHERE COLLATION_NAME IN (${NO_PAD_BINARY.map(() => '?').join(', ')})`,
      NO_PAD_BINARY,
    )) as Array<{ COLLATION_NAME: string }>;
    const collation = NO_PAD_BINARY.find((name) => available.some((row) => row.COLLATION_NAME === name));
    if (collation) await ExactIds1763900019500.makeIdColumnsBinary(queryRunner, collation);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await ExactIds1763900019500.makeIdColumnsBinary(queryRunner, 'utf8mb4_bin');
  }
}
