import { Column, Entity, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/columns';

export const PLAN_NAMES = ['free', 'starter', 'pro'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

@Entity({ name: 'accounts' })
export class Account {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;

  @Column({ type: 'varchar', length: 16 })
  plan: PlanName;

  /** Negotiated override of the plan's monthly quota (null: use the plan). */
  @Column({ name: 'monthly_limit', type: 'int', nullable: true })
  monthlyLimit: number | null;

  /** Negotiated override of the plan's per-minute limit (null: use the plan). */
  @Column({ name: 'per_minute_limit', type: 'int', nullable: true })
  perMinuteLimit: number | null;

  /** AES-256-GCM ciphertext; the plain secret is only ever in the response that created it. */
  @Column({ name: 'webhook_secret_encrypted', type: 'varchar', length: 512, nullable: true })
  webhookSecretEncrypted: string | null;

  @Column({ name: 'url_signing_secret_encrypted', type: 'varchar', length: 512, nullable: true })
  urlSigningSecretEncrypted: string | null;

  /** Also the billing-period anchor. */
  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt: Date;
}
