import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { insertIgnore, SqlStatement, sqlTimestamp } from '../database/sql';
import { SqlTransactionRunner, TransactionBody } from '../database/sql-transaction';

/** Units reserved for one render (a document: one per page): counted at once, given back unless committed before `expiresAt`. */
export interface QuotaLease {
  id: string;
  accountId: string;
  periodStart: Date;
  expiresAt: Date;
  /** How many units the lease holds; 1 when absent. All are reserved, committed and given back together. */
  units?: number;
}

// Units are parameters: a document reserves all its pages in one conditional UPDATE (all or none), which the
// database applies atomically (SQLite: one writer; MySQL: the row's lock), so concurrent reservations never over-grant.
const INCREMENT = 'UPDATE usage_counters SET used = used + ? WHERE account_id = ? AND period_start = ? AND used + ? <= ?';
const CHARGE = 'UPDATE usage_counters SET used = used + ? WHERE account_id = ? AND period_start = ?';
const DECREMENT = 'UPDATE usage_counters SET used = CASE WHEN used > ? THEN used - ? ELSE 0 END WHERE account_id = ? AND period_start = ? AND used > 0';
const INSERT_LEASE = 'INSERT INTO quota_leases (id, account_id, period_start, expires_at, units) VALUES (?, ?, ?, ?, ?)';
const unitsOf = (lease: QuotaLease) => lease.units ?? 1;
const decrement = (accountId: string, period: string, units: number): [string, unknown[]] => [DECREMENT, [units, units, accountId, period]];
const DELETE_LEASE = 'DELETE FROM quota_leases WHERE id = ?';
const DELETE_EXPIRED_LEASE = 'DELETE FROM quota_leases WHERE id = ? AND expires_at <= ?';

/**
 * The one owner of the monthly counters (`usage_counters`) and their leases (`quota_leases`).
 *
 * A unit is reserved by a conditional UPDATE (`used < limit`, atomic in the database, so concurrent
 * requests and instances never over-grant) together with a lease row, in one transaction. A render
 * that completes deletes its lease (the unit stays counted); one that fails releases it (the unit goes
 * back). A lease whose process died expires and is reclaimed by any instance: whoever deletes the
 * row gives the unit back, so two instances reclaiming at once refund it once.
 * Transactions run through SqlTransactionRunner (synchronous on SQLite).
 */
@Injectable()
export class QuotaCounterRepository {
  private readonly transactions: SqlTransactionRunner;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.transactions = new SqlTransactionRunner(dataSource);
  }

  /** Counts the lease's units if the period has room for all of them; false (nothing counted) when it has not. */
  async reserve(lease: QuotaLease, limit: number): Promise<boolean> {
    const period = sqlTimestamp(lease.periodStart);
    const attempt = () => this.transactions.run(this.reserveBody(lease, limit));
    if (await attempt()) return true;
    // Nothing changed: either the period's row does not exist yet (first render of the period) or the
    // quota is spent. Create the row if missing (idempotent under races) and try once more.
    const createRow = `${insertIgnore(this.dataSource)} INTO usage_counters (account_id, period_start, used) VALUES (?, ?, 0)`;
    await this.transactions.run(function* () {
      yield [createRow, [lease.accountId, period]];
    });
    return attempt();
  }

  /**
   * reserve's counting, for a transaction another repository runs (a job row's unit, counted in the transaction that
   * claims the row): false, nothing counted, when the period has no room or no counter row yet.
   */
  reserveBody(lease: QuotaLease, limit: number): TransactionBody<boolean> {
    const period = sqlTimestamp(lease.periodStart);
    const units = unitsOf(lease);
    return function* () {
      if ((yield [INCREMENT, [units, lease.accountId, period, units, limit]]) !== 1) return false;
      yield [INSERT_LEASE, [lease.id, lease.accountId, period, sqlTimestamp(lease.expiresAt), units]];
      return true;
    };
  }

  /**
   * The render completed: the unit stays counted. Charged again if an instance reclaimed the lease meanwhile.
   * `alongside` (another table's owner's statements, e.g. the render's cache row) commit in the same
   * transaction, so a crash leaves either both or neither: never a recorded render whose unit is refunded.
   * `then` (a body of another table's owner, e.g. a job row's record) runs after them, in the same transaction.
   */
  async commit(lease: QuotaLease, alongside: readonly SqlStatement[] = [], then?: TransactionBody<void>): Promise<void> {
    await this.transactions.run(function* () {
      for (const statement of alongside) yield statement;
      if ((yield [DELETE_LEASE, [lease.id]]) === 0) yield [CHARGE, [unitsOf(lease), lease.accountId, sqlTimestamp(lease.periodStart)]];
      if (then) yield* then();
    });
  }

  /** The render failed or was refused after reserving: the units go back, at most once. */
  async release(lease: QuotaLease): Promise<void> {
    await this.transactions.run(function* () {
      if ((yield [DELETE_LEASE, [lease.id]]) === 1) yield decrement(lease.accountId, sqlTimestamp(lease.periodStart), unitsOf(lease));
    });
  }

  /**
   * A commit whose outcome is unknown (the connection died around COMMIT) is undone: the lease still
   * there means it did not land (release it); gone while `unexpired()` (no reclaimer can have taken it)
   * means it landed, and the unit it kept goes back. Gone after that is ambiguous and left counted.
   */
  async undoCommit(lease: QuotaLease, unexpired: () => boolean): Promise<void> {
    await this.transactions.run(function* () {
      if ((yield [DELETE_LEASE, [lease.id]]) === 1 || unexpired()) yield decrement(lease.accountId, sqlTimestamp(lease.periodStart), unitsOf(lease));
    });
  }

  /** Gives back the units of leases that expired by `now` (their render never completed). Returns how many. */
  async reclaimExpired(now: Date, batchSize = 500): Promise<number> {
    const nowText = sqlTimestamp(now);
    let reclaimed = 0;
    for (;;) {
      const rows: Array<{ id: string; account_id: string; period_start: Date | string; units: number | string }> = await this.dataSource.query(
        'SELECT id, account_id, period_start, units FROM quota_leases WHERE expires_at <= ? ORDER BY expires_at LIMIT ?',
        [nowText, batchSize],
      );
      for (const row of rows) {
        const period = row.period_start instanceof Date ? sqlTimestamp(row.period_start) : String(row.period_start);
        const given = await this.transactions.run(function* () {
          if ((yield [DELETE_EXPIRED_LEASE, [row.id, nowText]]) !== 1) return false;
          yield decrement(row.account_id, period, Number(row.units));
          return true;
        });
        if (given) reclaimed++;
      }
      if (rows.length < batchSize) return reclaimed;
    }
  }

  async used(accountId: string, periodStart: Date): Promise<number> {
    const rows: Array<{ used: number | string }> = await this.dataSource.query('SELECT used FROM usage_counters WHERE account_id = ? AND period_start = ?', [
      accountId,
      sqlTimestamp(periodStart),
    ]);
    return rows.length ? Number(rows[0].used) : 0;
  }

  /** Leases not yet committed or released (tests and diagnostics). */
  async openLeases(accountId: string): Promise<number> {
    const rows: Array<{ count: number | string }> = await this.dataSource.query('SELECT COUNT(*) AS count FROM quota_leases WHERE account_id = ?', [accountId]);
    return Number(rows[0].count);
  }
}
