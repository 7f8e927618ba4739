import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rawTimestamp } from '../database/columns';
import { execute, insertIgnore, sqlTimestamp } from '../database/sql';
import type { JobResult, JobResultStatus } from './entities/job-result.entity';

interface ResultRow {
  job_id: string;
  result_key: string;
  extension: string;
  status: JobResultStatus;
  attempts: number | string;
  error: string | null;
  claim_token: string | null;
  claimed_until: Date | string | null;
  last_accessed_at: Date | string | null;
}

const COLUMNS = 'job_id, result_key, extension, status, attempts, error, claim_token, claimed_until, last_accessed_at';

/**
 * The one owner of `job_results`. A result is written by the process holding its claim (a compare-and-set
 * UPDATE, as job rows are claimed), so two instances that both see a job's last row finish compose it once.
 */
@Injectable()
export class JobResultsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(jobId: string): Promise<JobResult | null> {
    const rows: ResultRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM job_results WHERE job_id = ?`, [jobId]);
    return rows.length === 0 ? null : toResult(rows[0]);
  }

  async findMany(jobIds: readonly string[]): Promise<Map<string, JobResult>> {
    if (jobIds.length === 0) return new Map();
    const rows: ResultRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM job_results WHERE job_id IN (${jobIds.map(() => '?').join(', ')})`, [
      ...jobIds,
    ]);
    return new Map(rows.map((row) => [row.job_id, toResult(row)]));
  }

  /** Creates the job's result row (once; its key stays for every attempt). */
  async createIfMissing(jobId: string, key: string, extension: string): Promise<void> {
    await this.dataSource.query(
      `${insertIgnore(this.dataSource)} INTO job_results (job_id, result_key, extension, status, attempts) VALUES (?, ?, ?, 'writing', 0)`,
      [jobId, key, extension],
    );
  }

  /** Takes the writing of the result under `token` until `until`; false when another process holds it or it is no longer being written. */
  async claim(jobId: string, token: string, now: Date, until: Date): Promise<boolean> {
    const changed = await execute(
      this.dataSource,
      "UPDATE job_results SET claim_token = ?, claimed_until = ? WHERE job_id = ? AND status = 'writing' AND (claimed_until IS NULL OR claimed_until < ?)",
      [token, sqlTimestamp(until), jobId, sqlTimestamp(now)],
    );
    return changed === 1;
  }

  /** Keeps a long write's claim alive; false when it was lost. */
  async extend(jobId: string, token: string, until: Date): Promise<boolean> {
    return (
      (await execute(this.dataSource, 'UPDATE job_results SET claimed_until = ? WHERE job_id = ? AND claim_token = ?', [sqlTimestamp(until), jobId, token])) ===
      1
    );
  }

  async markWritten(jobId: string, token: string, now: Date): Promise<boolean> {
    const changed = await execute(
      this.dataSource,
      "UPDATE job_results SET status = 'written', claim_token = NULL, claimed_until = NULL, last_accessed_at = ? WHERE job_id = ? AND claim_token = ?",
      [sqlTimestamp(now), jobId, token],
    );
    return changed === 1;
  }

  /** A failed attempt: tried again once `retryAt` passes, or given up (`error` kept) when `retryAt` is null. */
  async markAttemptFailed(jobId: string, token: string, error: string, retryAt: Date | null): Promise<void> {
    await execute(
      this.dataSource,
      `UPDATE job_results SET attempts = attempts + 1, error = ?, claim_token = NULL, claimed_until = ?, status = ${retryAt === null ? "'failed'" : "'writing'"}
         WHERE job_id = ? AND claim_token = ?`,
      [error, retryAt === null ? null : sqlTimestamp(retryAt), jobId, token],
    );
  }

  /** Gives a claim back at once (the process is stopping; the next one writes the result). */
  async release(jobId: string, token: string): Promise<void> {
    await execute(this.dataSource, 'UPDATE job_results SET claim_token = NULL, claimed_until = NULL WHERE job_id = ? AND claim_token = ?', [jobId, token]);
  }

  /** Records a download (retention counts it as an access). */
  async touch(key: string, at: Date): Promise<void> {
    await execute(this.dataSource, "UPDATE job_results SET last_accessed_at = ? WHERE result_key = ? AND status = 'written'", [sqlTimestamp(at), key]);
  }

  /** Written results neither written nor downloaded since `cutoff`, oldest first. */
  async findExpired(cutoff: Date, limit: number): Promise<JobResult[]> {
    const rows: ResultRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM job_results WHERE status = 'written' AND last_accessed_at < ? ORDER BY last_accessed_at LIMIT ?`,
      [sqlTimestamp(cutoff), limit],
    );
    return rows.map(toResult);
  }

  /** Marks one result expired if it still is (a download since the select keeps it); true when this caller did. */
  async expire(jobId: string, cutoff: Date): Promise<boolean> {
    const changed = await execute(
      this.dataSource,
      "UPDATE job_results SET status = 'expired' WHERE job_id = ? AND status = 'written' AND last_accessed_at < ?",
      [jobId, sqlTimestamp(cutoff)],
    );
    return changed === 1;
  }
}

function toResult(row: ResultRow): JobResult {
  return {
    jobId: row.job_id,
    key: row.result_key,
    extension: row.extension,
    status: row.status,
    attempts: Number(row.attempts),
    error: row.error,
    claimToken: row.claim_token,
    claimedUntil: rawTimestamp(row.claimed_until),
    lastAccessedAt: rawTimestamp(row.last_accessed_at),
  };
}
