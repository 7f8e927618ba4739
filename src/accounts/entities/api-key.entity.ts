import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/columns';

@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Index()
  @Column({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** First characters of the key, safe to display ("sk_AbCd…"). */
  @Column({ type: 'varchar', length: 16 })
  prefix: string;

  /** SHA-256 hex of the whole key; the key itself is never stored. */
  @Column({ name: 'key_hash', type: 'varchar', length: 64, unique: true })
  keyHash: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt: Date;

  @Column({ name: 'last_used_at', ...timestampColumn({ nullable: true }) })
  lastUsedAt: Date | null;

  @Column({ name: 'revoked_at', ...timestampColumn({ nullable: true }) })
  revokedAt: Date | null;
}
