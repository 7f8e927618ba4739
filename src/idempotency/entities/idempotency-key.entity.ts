import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/columns';

/**
 * One `Idempotency-Key` of an account (§22), kept 24 h: the request it was first used with (a hash) and,
 * once answered, that answer. The key itself is stored as its SHA-256 (fixed length, compared byte-exactly).
 */
@Entity({ name: 'idempotency_keys' })
@Index('IDX_idempotency_keys_expires', ['expiresAt'])
export class IdempotencyKey {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @PrimaryColumn({ name: 'key_hash', type: 'varchar', length: 64 })
  keyHash: string;

  @Column({ name: 'request_hash', type: 'varchar', length: 64 })
  requestHash: string;

  /** `in_flight` while the first request runs (until `lockedUntil`), then `done`. */
  @Column({ type: 'varchar', length: 16 })
  status: 'in_flight' | 'done';

  @Column({ name: 'locked_until', ...timestampColumn() })
  lockedUntil: Date;

  @Column({ name: 'response_status', type: 'int', nullable: true })
  responseStatus: number | null;

  @Column({ name: 'response_type', type: 'varchar', length: 100, nullable: true })
  responseType: string | null;

  @Column({ name: 'response_location', type: 'varchar', length: 255, nullable: true })
  responseLocation: string | null;

  @Column({ name: 'response_body', type: 'text', nullable: true })
  responseBody: string | null;

  @Column({ name: 'expires_at', ...timestampColumn() })
  expiresAt: Date;
}
