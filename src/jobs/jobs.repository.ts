import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rawTimestamp } from '../database/columns';
import { execute, SqlStatement, sqlTimestamp } from '../database/sql';
import { SqlTransactionRunner } from '../database/sql-transaction';
import type { Job, JobStatus } from './entities/job.entity';

/** A new job's row, with its rows' overrides (already serialized) in order. */
export interface NewJob {
  job: Job;
  rows: readonly string[];
}

interface JobRow {
  id: string;
  account_id: string;
  template_id: string;
  status: JobStatus;
  format: string;
  output: string;
  width: number | null;
  height: number | null;
  quality: number | null;
  total: number;
  webhook_url: string | null;
  metadata: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const COLUMNS =
  'id, account_id, template_id, status, format, output, width, height, quality, total, webhook_url, metadata, created_at, started_at, finished_at';
const ACTIVE = "('queued', 'running')";
/** Items inserted per statement: 6 parameters each stays far below SQLite's 32,766 and MySQL's 65,535. */
const ITEMS_PER_INSERT = 500;

/**
 * The one owner of `jobs`, and of the insertion of a job's `job_items` with it (one transaction: a job
 * exists with all its rows or not at all). Rows are read fresh (nothing remembers them), so no write is
 * announced on the change feed.
 */
@Injectable()
export class JobsRepository {
  private readonly transactions: SqlTransactionRunner;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.transactions = new SqlTransactionRunner(dataSource);
  }

  async insert({ job, rows }: NewJob): Promise<void> {
    const statements: SqlStatement[] = [
      [
        `INSERT INTO jobs (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          job.id,
          job.accountId,
          job.templateId,
          job.status,
          job.format,
          job.output,
          job.width,
          job.height,
          job.quality,
          job.total,
          job.webhookUrl,
          job.metadata === null ? null : JSON.stringify(job.metadata),
          sqlTimestamp(job.createdAt),
          null,
          null,
        ],
      ],
    ];
    for (let start = 0; start < rows.length; start += ITEMS_PER_INSERT) {
      const chunk = rows.slice(start, start + ITEMS_PER_INSERT);
      statements.push([
        `INSERT INTO job_items (job_id, item_index, account_id, status, layers, cached) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flatMap((layers, offset) => [job.id, start + offset, job.accountId, 'pending', layers, 0]),
      ]);
    }
    await this.transactions.run(function* () {
      for (const statement of statements) yield statement;
    });
  }

  async findOwned(accountId: string, id: string): Promise<Job | null> {
    const rows: JobRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM jobs WHERE id = ? AND account_id = ?`, [id, accountId]);
    return rows.length === 0 ? null : toJob(rows[0]);
  }

  async findById(id: string): Promise<Job | null> {
    const rows: JobRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM jobs WHERE id = ?`, [id]);
    return rows.length === 0 ? null : toJob(rows[0]);
  }

  /** The account's jobs, newest first, after the cursor (`createdAt`, `id`) of the previous page's last job. */
  async list(accountId: string, after: { createdAt: Date; id: string } | null, limit: number): Promise<Job[]> {
    const rows: JobRow[] = after
      ? await this.dataSource.query(
          `SELECT ${COLUMNS} FROM jobs WHERE account_id = ? AND (created_at < ? OR (created_at = ? AND id < ?)) ORDER BY created_at DESC, id DESC LIMIT ?`,
          [accountId, sqlTimestamp(after.createdAt), sqlTimestamp(after.createdAt), after.id, limit],
        )
      : await this.dataSource.query(`SELECT ${COLUMNS} FROM jobs WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`, [accountId, limit]);
    return rows.map(toJob);
  }

  /** Accounts that have a job still to run. */
  async activeAccounts(): Promise<string[]> {
    const rows: Array<{ account_id: string }> = await this.dataSource.query(`SELECT DISTINCT account_id FROM jobs WHERE status IN ${ACTIVE}`);
    return rows.map((row) => row.account_id);
  }

  /** Active jobs none of whose rows is pending (their last row finished, but the process stopped before the job did). */
  async finishedButActive(): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM jobs WHERE status IN ${ACTIVE} AND NOT EXISTS (SELECT 1 FROM job_items WHERE job_items.job_id = jobs.id AND job_items.status = 'pending')`,
    );
    return rows.map((row) => row.id);
  }

  /** The first claimed row starts the job. */
  async markRunning(id: string, now: Date): Promise<void> {
    await execute(this.dataSource, "UPDATE jobs SET status = 'running', started_at = ? WHERE id = ? AND status = 'queued'", [sqlTimestamp(now), id]);
  }

  /** True for the one caller that canceled an active job. */
  async cancel(id: string, now: Date): Promise<boolean> {
    return (
      (await execute(this.dataSource, `UPDATE jobs SET status = 'canceled', finished_at = ? WHERE id = ? AND status IN ${ACTIVE}`, [sqlTimestamp(now), id])) ===
      1
    );
  }

  /** Completes the job once no row is pending; true for the one caller (of any instance) that completed it. */
  async completeIfDone(id: string, now: Date): Promise<boolean> {
    const changed = await execute(
      this.dataSource,
      `UPDATE jobs SET status = 'completed', finished_at = ?, started_at = COALESCE(started_at, ?) WHERE id = ? AND status IN ${ACTIVE}
         AND NOT EXISTS (SELECT 1 FROM job_items WHERE job_items.job_id = ? AND job_items.status = 'pending')`,
      [sqlTimestamp(now), sqlTimestamp(now), id, id],
    );
    return changed === 1;
  }
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    accountId: row.account_id,
    templateId: row.template_id,
    status: row.status,
    format: row.format,
    output: row.output,
    width: row.width,
    height: row.height,
    quality: row.quality,
    total: Number(row.total),
    webhookUrl: row.webhook_url,
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    createdAt: rawTimestamp(row.created_at)!,
    startedAt: rawTimestamp(row.started_at),
    finishedAt: rawTimestamp(row.finished_at),
  };
}
