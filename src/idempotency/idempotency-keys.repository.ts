import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rawTimestamp } from '../database/columns';
import { execute, insertIgnore, sqlTimestamp } from '../database/sql';

/** A key's row as another request finds it. */
export interface KeyRecord {
  requestHash: string;
  status: 'in_flight' | 'done';
  lockedUntil: Date;
  responseStatus: number | null;
  responseType: string | null;
  responseLocation: string | null;
  responseBody: string | null;
}

export interface KeyClaim {
  accountId: string;
  keyHash: string;
  requestHash: string;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  location: string | null;
  body: string;
}

interface KeyRow {
  request_hash: string;
  status: 'in_flight' | 'done';
  locked_until: Date | string;
  response_status: number | null;
  response_type: string | null;
  response_location: string | null;
  response_body: string | null;
}

/**
 * The one owner of `idempotency_keys`. Taking a key is one INSERT that skips an existing row, atomic on both
 * drivers, so of two requests with one key (on one instance or two) exactly one runs. Rows are read fresh.
 */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** True when this request now holds the key: new, expired, or abandoned by a process that died while running the same request. */
  async take(claim: KeyClaim): Promise<boolean> {
    const now = sqlTimestamp(claim.now);
    await execute(this.dataSource, 'DELETE FROM idempotency_keys WHERE account_id = ? AND key_hash = ? AND expires_at < ?', [
      claim.accountId,
      claim.keyHash,
      now,
    ]);
    const inserted = await execute(
      this.dataSource,
      `${insertIgnore(this.dataSource)} INTO idempotency_keys (account_id, key_hash, request_hash, status, locked_until, expires_at) VALUES (?, ?, ?, 'in_flight', ?, ?)`,
      [claim.accountId, claim.keyHash, claim.requestHash, sqlTimestamp(claim.lockedUntil), sqlTimestamp(claim.expiresAt)],
    );
    if (inserted === 1) return true;
    const takenOver = await execute(
      this.dataSource,
      "UPDATE idempotency_keys SET locked_until = ? WHERE account_id = ? AND key_hash = ? AND request_hash = ? AND status = 'in_flight' AND locked_until < ?",
      [sqlTimestamp(claim.lockedUntil), claim.accountId, claim.keyHash, claim.requestHash, now],
    );
    return takenOver === 1;
  }

  async find(accountId: string, keyHash: string): Promise<KeyRecord | null> {
    const rows: KeyRow[] = await this.dataSource.query(
      'SELECT request_hash, status, locked_until, response_status, response_type, response_location, response_body FROM idempotency_keys WHERE account_id = ? AND key_hash = ?',
      [accountId, keyHash],
    );
    if (rows.length === 0) return null;
    const [row] = rows;
    return {
      requestHash: row.request_hash,
      status: row.status,
      lockedUntil: rawTimestamp(row.locked_until)!,
      responseStatus: row.response_status === null ? null : Number(row.response_status),
      responseType: row.response_type,
      responseLocation: row.response_location,
      responseBody: row.response_body,
    };
  }

  async complete(accountId: string, keyHash: string, answer: StoredAnswer): Promise<void> {
    await execute(
      this.dataSource,
      "UPDATE idempotency_keys SET status = 'done', response_status = ?, response_type = ?, response_location = ?, response_body = ? WHERE account_id = ? AND key_hash = ? AND status = 'in_flight'",
      [answer.status, answer.contentType, answer.location, answer.body, accountId, keyHash],
    );
  }

  /** The first request ended without an answer worth keeping: the key is free again. */
  async release(accountId: string, keyHash: string): Promise<void> {
    await execute(this.dataSource, "DELETE FROM idempotency_keys WHERE account_id = ? AND key_hash = ? AND status = 'in_flight'", [accountId, keyHash]);
  }
}
