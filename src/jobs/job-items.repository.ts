import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { execute, SqlStatement, sqlTimestamp } from '../database/sql';
import { SqlTransactionRunner, TransactionBody } from '../database/sql-transaction';
import type { JobItem, JobItemStatus } from './entities/job-item.entity';

/** A row a runner holds: drawn by it alone until `claimedUntil`. */
export interface ClaimedItem {
  jobId: string;
  index: number;
  layers: Record<string, unknown>;
  token: string;
}

export type ItemOutcome =
  { status: 'succeeded'; imageUrl: string; cached: boolean; warnings: unknown[] } | { status: 'failed'; error: Record<string, unknown> };

export interface ItemCounts {
  succeeded: number;
  failed: number;
}

interface ItemRow {
  job_id: string;
  item_index: number;
  status: JobItemStatus;
  layers: string;
  image_url: string | null;
  cached: number | boolean;
  warnings: string | null;
  error: string | null;
}

/** The next row a runner may take after the one it finishes: whose account, under which token, until when. */
export interface NextClaim {
  accountId: string;
  token: string;
  now: Date;
  until: Date;
  /** Runs in the same transaction once a row is claimed (the row's unit counted ahead: render's prepay). */
  onClaimed?: TransactionBody<void>;
}

/** What recording a row did: whether this claim still held it, and the account's next row its claim passed to. */
export interface RowRecord {
  recorded: boolean;
  next: ClaimedItem | null;
}

/** Candidates a taker tries per look: enough for the others taking the same account's first rows at once. */
const CANDIDATES = 8;
const ACTIVE_JOB = "SELECT 1 FROM jobs WHERE jobs.id = job_items.job_id AND jobs.status IN ('queued', 'running')";

/**
 * The account's claimable rows in job and row order, at most `?`, by the order index (account, status, job, row),
 * stopping at the limit. SQLite plans it so. MySQL/MariaDB turned the EXISTS into a semi-join that read and sorted
 * every pending row of the account (1.3 ms of a row's 16.7 at 1,000 pending, 1,365 rows read): there the index is
 * named and the job's status looked up for each row read (10 rows read).
 */
export function claimableSql(dataSource: DataSource, columns: string): string {
  const mysql = dataSource.options.type === 'mysql';
  const from = mysql ? 'job_items FORCE INDEX (IDX_job_items_account_order)' : 'job_items';
  const active = mysql ? "(SELECT status FROM jobs WHERE jobs.id = job_items.job_id) IN ('queued', 'running')" : `EXISTS (${ACTIVE_JOB})`;
  return `SELECT ${columns} FROM ${from} WHERE account_id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < ?)
    AND ${active} ORDER BY job_id, item_index LIMIT ?`;
}
/** A compare-and-set on one row: pending, unclaimed or its claim expired, its job still active. */
const CLAIM = `UPDATE job_items SET claim_token = ?, claimed_until = ? WHERE job_id = ? AND item_index = ? AND status = 'pending'
  AND (claimed_until IS NULL OR claimed_until < ?) AND EXISTS (${ACTIVE_JOB})`;

/** Records the row's outcome if the claim still holds it; with `liveAt`, only if the claim has not expired by then either. */
function finishStatement(item: ClaimedItem, outcome: ItemOutcome, liveAt?: string): SqlStatement {
  const values =
    outcome.status === 'succeeded'
      ? [outcome.status, outcome.imageUrl, outcome.cached ? 1 : 0, JSON.stringify(outcome.warnings), null]
      : [outcome.status, null, 0, null, JSON.stringify(outcome.error)];
  const sql = `UPDATE job_items SET status = ?, image_url = ?, cached = ?, warnings = ?, error = ?, claim_token = NULL, claimed_until = NULL
       WHERE job_id = ? AND item_index = ? AND claim_token = ? AND status = 'pending'`;
  const keys = [item.jobId, item.index, item.token];
  return liveAt === undefined ? [sql, [...values, ...keys]] : [`${sql} AND claimed_until >= ?`, [...values, ...keys, liveAt]];
}

/**
 * The one owner of `job_items` (inserted with their job by JobsRepository). Claims are compare-and-set
 * UPDATEs on one row (pending, unclaimed or claim expired, job still active), atomic on SQLite and MySQL
 * alike, so two runners (or instances) never both hold a row.
 */
@Injectable()
export class JobItemsRepository {
  private readonly transactions: SqlTransactionRunner;
  private readonly claimableRows: string;
  private readonly claimableWithLayers: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.transactions = new SqlTransactionRunner(dataSource);
    this.claimableRows = claimableSql(dataSource, 'job_id, item_index');
    this.claimableWithLayers = claimableSql(dataSource, 'job_id, item_index, layers');
  }

  /** Rows of the account's active jobs a runner may claim, oldest job first, in row order. */
  async claimable(accountId: string, now: Date, limit: number): Promise<Array<{ jobId: string; index: number }>> {
    const rows: Array<{ job_id: string; item_index: number }> = await this.dataSource.query(this.claimableRows, [accountId, sqlTimestamp(now), limit]);
    return rows.map((row) => ({ jobId: row.job_id, index: Number(row.item_index) }));
  }

  /** Rows of the account held by a live claim (on any instance). */
  async claimedCount(accountId: string, now: Date): Promise<number> {
    const rows: Array<{ count: number | string }> = await this.dataSource.query(
      "SELECT COUNT(*) AS count FROM job_items WHERE account_id = ? AND status = 'pending' AND claimed_until >= ?",
      [accountId, sqlTimestamp(now)],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** Takes the row under `token` until `until`; null when another runner has it, it is done, or its job ended. */
  async claim(jobId: string, index: number, token: string, now: Date, until: Date): Promise<ClaimedItem | null> {
    const changed = await execute(this.dataSource, CLAIM, [token, sqlTimestamp(until), jobId, index, sqlTimestamp(now)]);
    if (changed !== 1) return null;
    const rows: Array<{ layers: string }> = await this.dataSource.query(
      'SELECT layers FROM job_items WHERE job_id = ? AND item_index = ? AND claim_token = ?',
      [jobId, index, token],
    );
    if (rows.length === 0) return null;
    return { jobId, index, token, layers: JSON.parse(rows[0].layers) as Record<string, unknown> };
  }

  /** The account's next claimable row, taken under `token` until `until`; null when none is left to take. */
  async claimNext(accountId: string, token: string, now: Date, until: Date): Promise<ClaimedItem | null> {
    // Several takers race for the first rows: whoever loses one tries the next.
    for (const candidate of await this.claimable(accountId, now, CANDIDATES)) {
      const claimed = await this.claim(candidate.jobId, candidate.index, token, now, until);
      if (claimed) return claimed;
    }
    return null;
  }

  /**
   * A row of the account still claimed under a token starting with `tokenPrefix` (a queue lane's, held by a
   * process that died or stalled: only one process holds a lane at a time), taken over under `token` at once,
   * without waiting for that claim to expire. The old holder, if alive, then loses its claim and records nothing.
   */
  async takeOver(accountId: string, tokenPrefix: string, token: string, until: Date): Promise<ClaimedItem | null> {
    const rows: Array<{ job_id: string; item_index: number; claim_token: string }> = await this.dataSource.query(
      `SELECT job_id, item_index, claim_token FROM job_items WHERE account_id = ? AND status = 'pending' AND claim_token LIKE ? AND EXISTS (${ACTIVE_JOB})`,
      [accountId, `${tokenPrefix}%`],
    );
    for (const row of rows) {
      if (!row.claim_token.startsWith(tokenPrefix)) continue;
      const changed = await execute(
        this.dataSource,
        "UPDATE job_items SET claim_token = ?, claimed_until = ? WHERE job_id = ? AND item_index = ? AND claim_token = ? AND status = 'pending'",
        [token, sqlTimestamp(until), row.job_id, row.item_index, row.claim_token],
      );
      if (changed !== 1) continue;
      const layers: Array<{ layers: string }> = await this.dataSource.query(
        'SELECT layers FROM job_items WHERE job_id = ? AND item_index = ? AND claim_token = ?',
        [row.job_id, row.item_index, token],
      );
      if (layers.length === 1)
        return { jobId: row.job_id, index: Number(row.item_index), token, layers: JSON.parse(layers[0].layers) as Record<string, unknown> };
    }
    return null;
  }

  /** Accounts with a row some runner could claim now (of an active job, unclaimed or its claim expired). */
  async accountsWithClaimableRows(now: Date): Promise<string[]> {
    const rows: Array<{ account_id: string }> = await this.dataSource.query(
      // From the active jobs (few), each stopping at its first such row (the job/status index).
      `SELECT DISTINCT account_id FROM jobs WHERE status IN ('queued', 'running') AND EXISTS (SELECT 1 FROM job_items WHERE job_items.job_id = jobs.id
         AND job_items.status = 'pending' AND (job_items.claimed_until IS NULL OR job_items.claimed_until < ?))`,
      [sqlTimestamp(now)],
    );
    return rows.map((row) => row.account_id);
  }

  /** Rows of active jobs not yet drawn, every account (the queue's depth in rows, for /metrics). */
  async pendingTotal(): Promise<number> {
    const rows: Array<{ count: number | string }> = await this.dataSource.query(
      `SELECT COUNT(*) AS count FROM job_items WHERE status = 'pending' AND EXISTS (${ACTIVE_JOB})`,
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** Records the row's outcome if this claim still holds it; false when it was lost (expired and taken). */
  async finish(item: ClaimedItem, outcome: ItemOutcome): Promise<boolean> {
    const [sql, parameters] = finishStatement(item, outcome);
    return (await execute(this.dataSource, sql, parameters)) === 1;
  }

  /**
   * Records the row's outcome and, in the same transaction, takes the account's next claimable row under
   * `next.token`: the claim passes from one row to the next, so the account's live claims never rise above
   * what they were and no count is needed. A lost claim (expired and taken) records nothing and takes nothing; an
   * expired one not taken records its row and takes nothing.
   */
  finishAndClaimNext(item: ClaimedItem, outcome: ItemOutcome, next: NextClaim): Promise<RowRecord> {
    return this.transactions.run(this.recordBody(item, outcome, next));
  }

  /**
   * The transaction body that records the row (finish, or finishAndClaimNext with `next`), for a transaction of its
   * own or one another repository runs (a job row's render commits its unit, its cache row and this together).
   */
  recordBody(item: ClaimedItem, outcome: ItemOutcome, next?: NextClaim): TransactionBody<RowRecord> {
    if (!next)
      return function* () {
        return { recorded: (yield finishStatement(item, outcome)) === 1, next: null };
      };
    const now = sqlTimestamp(next.now);
    const until = sqlTimestamp(next.until);
    const claimableWithLayers = this.claimableWithLayers;
    return function* () {
      // An expired claim no longer counts toward the account's limit (others may have filled it): its row is
      // recorded if nobody took it, and the claim ends there.
      if ((yield finishStatement(item, outcome, now)) !== 1) return { recorded: (yield finishStatement(item, outcome)) === 1, next: null };
      const candidates = (yield { read: [claimableWithLayers, [next.accountId, now, CANDIDATES]] }) as Array<{
        job_id: string;
        item_index: number;
        layers: string;
      }>;
      for (const candidate of candidates) {
        if ((yield [CLAIM, [next.token, until, candidate.job_id, candidate.item_index, now]]) !== 1) continue;
        if (next.onClaimed) yield* next.onClaimed();
        const layers = JSON.parse(candidate.layers) as Record<string, unknown>;
        return { recorded: true, next: { jobId: candidate.job_id, index: Number(candidate.item_index), token: next.token, layers } };
      }
      return { recorded: true, next: null };
    };
  }

  /** Gives an unstarted claim back at once (the runner is stopping). */
  async release(item: ClaimedItem): Promise<void> {
    await execute(
      this.dataSource,
      "UPDATE job_items SET claim_token = NULL, claimed_until = NULL WHERE job_id = ? AND item_index = ? AND claim_token = ? AND status = 'pending'",
      [item.jobId, item.index, item.token],
    );
  }

  /** Succeeded and failed rows per job. */
  async counts(jobIds: readonly string[]): Promise<Map<string, ItemCounts>> {
    const counts = new Map<string, ItemCounts>(jobIds.map((id) => [id, { succeeded: 0, failed: 0 }]));
    if (jobIds.length === 0) return counts;
    const rows: Array<{ job_id: string; status: JobItemStatus; count: number | string }> = await this.dataSource.query(
      `SELECT job_id, status, COUNT(*) AS count FROM job_items WHERE job_id IN (${jobIds.map(() => '?').join(', ')}) AND status <> 'pending' GROUP BY job_id, status`,
      [...jobIds],
    );
    for (const row of rows) {
      const entry = counts.get(row.job_id);
      if (entry && (row.status === 'succeeded' || row.status === 'failed')) entry[row.status] = Number(row.count);
    }
    return counts;
  }

  /** The job's rows from `fromIndex`, in order. */
  async page(jobId: string, fromIndex: number, limit: number): Promise<Array<Omit<JobItem, 'accountId' | 'claimToken' | 'claimedUntil'>>> {
    const rows: ItemRow[] = await this.dataSource.query(
      'SELECT job_id, item_index, status, layers, image_url, cached, warnings, error FROM job_items WHERE job_id = ? AND item_index >= ? ORDER BY item_index LIMIT ?',
      [jobId, fromIndex, limit],
    );
    return rows.map((row) => ({
      jobId: row.job_id,
      index: Number(row.item_index),
      status: row.status,
      layers: JSON.parse(row.layers) as Record<string, unknown>,
      imageUrl: row.image_url,
      cached: Boolean(row.cached),
      warnings: row.warnings === null ? null : (JSON.parse(row.warnings) as unknown[]),
      error: row.error === null ? null : (JSON.parse(row.error) as Record<string, unknown>),
    }));
  }

  /** Whether any row of the job is still to run. */
  async hasPending(jobId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query("SELECT 1 FROM job_items WHERE job_id = ? AND status = 'pending' LIMIT 1", [jobId]);
    return rows.length > 0;
  }

  /** The job's succeeded rows from `fromIndex`, in order, with their image URLs (a job's result is made of them). */
  async succeededImages(jobId: string, fromIndex: number, limit: number): Promise<Array<{ index: number; imageUrl: string }>> {
    const rows: Array<{ item_index: number; image_url: string }> = await this.dataSource.query(
      "SELECT item_index, image_url FROM job_items WHERE job_id = ? AND status = 'succeeded' AND item_index >= ? ORDER BY item_index LIMIT ?",
      [jobId, fromIndex, limit],
    );
    return rows.map((row) => ({ index: Number(row.item_index), imageUrl: row.image_url }));
  }
}
