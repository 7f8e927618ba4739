import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { execute, insertIgnore, sqlTimestamp } from '../database/sql';

/**
 * Monthly generation counters. A unit is reserved by one conditional UPDATE (`used < limit`), which
 * the database applies atomically, so concurrent requests and instances can never over-grant.
 */
@Injectable()
export class QuotaService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async reserve(accountId: string, periodStart: Date, limit: number): Promise<boolean> {
    const period = sqlTimestamp(periodStart);
    if (await this.increment(accountId, period, limit)) return true;
    // Nothing changed: either the period's row does not exist yet (first render of the period) or
    // the quota is spent. Create the row if missing (idempotent under races) and try once more.
    await execute(this.dataSource, `${insertIgnore(this.dataSource)} INTO usage_counters (account_id, period_start, used) VALUES (?, ?, 0)`, [
      accountId,
      period,
    ]);
    return this.increment(accountId, period, limit);
  }

  private async increment(accountId: string, period: string, limit: number): Promise<boolean> {
    const sql = 'UPDATE usage_counters SET used = used + 1 WHERE account_id = ? AND period_start = ? AND used < ?';
    return (await execute(this.dataSource, sql, [accountId, period, limit])) === 1;
  }

  /** Gives back a unit reserved for a render that then failed. */
  async refund(accountId: string, periodStart: Date): Promise<void> {
    const sql = 'UPDATE usage_counters SET used = used - 1 WHERE account_id = ? AND period_start = ? AND used > 0';
    await execute(this.dataSource, sql, [accountId, sqlTimestamp(periodStart)]);
  }

  async used(accountId: string, periodStart: Date): Promise<number> {
    const rows: Array<{ used: number | string }> = await this.dataSource.query(
      'SELECT used FROM usage_counters WHERE account_id = ? AND period_start = ?',
      [accountId, sqlTimestamp(periodStart)],
    );
    return rows.length ? Number(rows[0].used) : 0;
  }
}
