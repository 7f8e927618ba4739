import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { jsonColumn, timestampColumn } from '../../database/columns';
import type { EditorSessionPermissions } from '../../accounts/auth/editor-session-authority';

/**
 * An editor session (§23): a link that opens the studio or a form on one template of an account, framed
 * only by `allowedOrigins`. The link's token is stored as its SHA-256 only.
 */
@Entity({ name: 'editor_sessions' })
@Index('IDX_editor_sessions_account', ['accountId', 'expiresAt'])
export class EditorSession {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @Index('IDX_editor_sessions_token', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  /** null until a design-mode session created without one saves its first template. */
  @Column({ name: 'template_id', type: 'varchar', length: 32, nullable: true })
  templateId: string | null;

  @Column({ type: 'varchar', length: 8 })
  mode: 'design' | 'form';

  @Column({ name: 'allowed_origins', ...jsonColumn() })
  allowedOrigins: string[];

  @Column(jsonColumn())
  permissions: EditorSessionPermissions;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt: Date;

  @Column({ name: 'expires_at', ...timestampColumn() })
  expiresAt: Date;

  @Column({ name: 'revoked_at', ...timestampColumn({ nullable: true }) })
  revokedAt: Date | null;
}
