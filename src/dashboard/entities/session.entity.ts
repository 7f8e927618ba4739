import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/columns';

/** A signed-in dashboard session. The cookie holds a random token; only its SHA-256 is stored. */
@Entity({ name: 'sessions' })
export class Session {
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Index()
  @Column({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  /** Synchronizer token every state-changing form must echo. */
  @Column({ name: 'csrf_token', type: 'varchar', length: 64 })
  csrfToken: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt: Date;

  @Column({ name: 'expires_at', ...timestampColumn() })
  expiresAt: Date;
}
