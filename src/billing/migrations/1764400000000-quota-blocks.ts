import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';
import { ExactIdsNoPad1763900021000 } from '../../database/migrations/1763900021000-exact-ids-no-pad';

/**
 * Units an instance counted ahead for one account (a reserved block) and the renders that spent them: whoever
 * settles a block gives back its units less its uses, so a block whose process died loses nothing.
 */
export class QuotaBlocks1764400000000 implements MigrationInterface {
  name = 'QuotaBlocks1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quota_blocks',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '32' },
          { name: 'period_start', type: 'datetime', precision: 3 },
          { name: 'units', type: 'int' },
          // 1 while its instance hands units out; 0 once it gave its free units back (the rest is in flight).
          { name: 'handing_out', type: 'smallint', default: 1 },
          { name: 'expires_at', type: 'datetime', precision: 3 },
        ],
        indices: [
          { name: 'IDX_quota_blocks_expires_at', columnNames: ['expires_at'] },
          { name: 'IDX_quota_blocks_account_period', columnNames: ['account_id', 'period_start'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quota_block_uses',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'block_id', type: 'varchar', length: '36' },
        ],
        indices: [{ name: 'IDX_quota_block_uses_block', columnNames: ['block_id'] }],
      }),
    );
    // Byte-exact identifiers on MySQL (§20), then the key (MySQL refuses one between columns of different collations).
    await new ExactIdsNoPad1763900021000().up(queryRunner);
    await queryRunner.createForeignKey(
      'quota_blocks',
      new TableForeignKey({ columnNames: ['account_id'], referencedTableName: 'accounts', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quota_block_uses');
    await queryRunner.dropTable('quota_blocks');
  }
}
