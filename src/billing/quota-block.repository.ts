import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SqlStatement, sqlTimestamp } from '../database/sql';
import { SqlTransactionRunner, TransactionBody } from '../database/sql-transaction';
import { counterStatements } from './quota-counter.repository';

/** A reserved block's row: `units` counted on the account's period at once, until `expiresAt` at the latest. */
export interface BlockLease {
  id: string;
  accountId: string;
  periodStart: Date;
  units: number;
  expiresAt: Date;
}

const INSERT_BLOCK = 'INSERT INTO quota_blocks (id, account_id, period_start, units, handing_out, expires_at) VALUES (?, ?, ?, ?, 1, ?)';
// A use is recorded only while its block is there: a block reclaimed meanwhile gave the unit back, so it is charged again.
const INSERT_USE = 'INSERT INTO quota_block_uses (id, block_id) SELECT ?, id FROM quota_blocks WHERE id = ?';
const CLOSE_BLOCK = 'UPDATE quota_blocks SET units = units - ?, handing_out = 0 WHERE id = ? AND units >= ?';
const COUNT_USES = 'SELECT COUNT(*) AS count FROM quota_block_uses WHERE block_id = ?';

type BlockRow = { account_id: string; period_start: Date | string; units: number | string };
const periodText = (value: Date | string) => (value instanceof Date ? sqlTimestamp(value) : String(value));

/**
 * The owner of reserved blocks (`quota_blocks`) and their uses (`quota_block_uses`); the counter's statements come
 * from QuotaCounterRepository and run in the same transactions. A block counts its units with one conditional UPDATE
 * (never over the limit, across instances); each render that spends one records a use in its own commit; settling
 * deletes the block and its uses and gives back units − uses, once, whoever settles it (the row lock decides).
 */
@Injectable()
export class QuotaBlockRepository {
  private readonly transactions: SqlTransactionRunner;
  private readonly lockingRead: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.transactions = new SqlTransactionRunner(dataSource);
    this.lockingRead = dataSource.options.type === 'mysql' ? ' FOR UPDATE' : '';
  }

  /** Counts the block's units if the period stays at or under `limit`; false, nothing counted, otherwise. */
  reserve(block: BlockLease, limit: number): Promise<boolean> {
    const period = sqlTimestamp(block.periodStart);
    return this.transactions.run(function* () {
      if ((yield counterStatements.count(block.accountId, period, block.units, limit)) !== 1) return false;
      yield [INSERT_BLOCK, [block.id, block.accountId, period, block.units, sqlTimestamp(block.expiresAt)]];
      return true;
    });
  }

  /** A render spent one of the block's units: recorded with `alongside` and `then` in one transaction (as QuotaCounterRepository.commit). */
  async commitUse(block: BlockLease, useId: string, alongside: readonly SqlStatement[] = [], then?: TransactionBody<void>): Promise<void> {
    const period = sqlTimestamp(block.periodStart);
    await this.transactions.run(function* () {
      for (const statement of alongside) yield statement;
      if ((yield [INSERT_USE, [useId, block.id]]) === 0) yield counterStatements.charge(block.accountId, period, 1);
      if (then) yield* then();
    });
  }

  /**
   * A use whose commit's outcome is unknown is taken back: found, it landed and its unit is unspent again (the block
   * gives it back when settled); not found, it did not land and the block still holds the unit, or the block was
   * reclaimed after expiry (ambiguous, left counted, as a lease is).
   */
  async undoUse(useId: string): Promise<void> {
    await this.transactions.run(function* () {
      yield ['DELETE FROM quota_block_uses WHERE id = ?', [useId]];
    });
  }

  /** The block stops handing out: its `rest` free units go back now. */
  async close(block: BlockLease, rest: number): Promise<void> {
    const period = sqlTimestamp(block.periodStart);
    await this.transactions.run(function* () {
      if ((yield [CLOSE_BLOCK, [rest, block.id, rest]]) === 1 && rest > 0) yield counterStatements.giveBack(block.accountId, period, rest);
    });
  }

  /** Deletes the block and its uses and gives back what was not spent. Returns the units given back (0 when already settled). */
  settle(blockId: string, expiredBy?: Date): Promise<number> {
    const select = 'SELECT account_id, period_start, units FROM quota_blocks WHERE id = ?';
    const read: SqlStatement = expiredBy
      ? [`${select} AND expires_at <= ?${this.lockingRead}`, [blockId, sqlTimestamp(expiredBy)]]
      : [`${select}${this.lockingRead}`, [blockId]];
    return this.transactions.run(function* () {
      const rows = (yield { read }) as BlockRow[];
      if (rows.length === 0) return 0;
      const [{ count }] = (yield { read: [COUNT_USES, [blockId]] }) as Array<{ count: number | string }>;
      yield ['DELETE FROM quota_block_uses WHERE block_id = ?', [blockId]];
      yield ['DELETE FROM quota_blocks WHERE id = ?', [blockId]];
      const rest = Number(rows[0].units) - Number(count);
      if (rest > 0) yield counterStatements.giveBack(rows[0].account_id, periodText(rows[0].period_start), rest);
      return Math.max(0, rest);
    });
  }

  /** Settles every block expired by `now` (its process died holding it). Returns the units given back. */
  async reclaimExpired(now: Date, batchSize = 500): Promise<number> {
    let given = 0;
    for (;;) {
      const rows: Array<{ id: string }> = await this.dataSource.query('SELECT id FROM quota_blocks WHERE expires_at <= ? ORDER BY expires_at LIMIT ?', [
        sqlTimestamp(now),
        batchSize,
      ]);
      for (const row of rows) given += await this.settle(row.id, now);
      if (rows.length < batchSize) return given;
    }
  }

  /** Blocks of the account's period that still hand units out, other than `exceptIds` (this instance's own). */
  async openElsewhere(accountId: string, periodStart: Date, exceptIds: readonly string[]): Promise<number> {
    const rows: Array<{ id: string }> = await this.dataSource.query('SELECT id FROM quota_blocks WHERE account_id = ? AND period_start = ? AND handing_out = 1', [
      accountId,
      sqlTimestamp(periodStart),
    ]);
    return rows.filter((row) => !exceptIds.includes(row.id)).length;
  }

  /** Blocks not yet settled (tests and diagnostics). */
  async blocksOf(accountId: string): Promise<Array<{ units: number; uses: number; open: boolean }>> {
    const rows: Array<{ units: number | string; uses: number | string; handing_out: number | string }> = await this.dataSource.query(
      'SELECT b.units, b.handing_out, (SELECT COUNT(*) FROM quota_block_uses u WHERE u.block_id = b.id) AS uses FROM quota_blocks b WHERE b.account_id = ?',
      [accountId],
    );
    return rows.map((row) => ({ units: Number(row.units), uses: Number(row.uses), open: Number(row.handing_out) === 1 }));
  }
}
