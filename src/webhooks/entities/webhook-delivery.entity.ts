import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/columns';

export type DeliveryOutcome = 'succeeded' | 'failed';

/** One delivery attempt (there are no retries, so one per render call with a webhookUrl). */
@Entity({ name: 'webhook_deliveries' })
@Index('IDX_webhook_deliveries_account_created', ['accountId', 'createdAt'])
export class WebhookDelivery {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ name: 'image_url', type: 'varchar', length: 2048 })
  imageUrl: string;

  @Column({ type: 'varchar', length: 16 })
  outcome: DeliveryOutcome;

  @Column({ name: 'response_status', type: 'int', nullable: true })
  responseStatus: number | null;

  @Column({ name: 'duration_ms', type: 'int' })
  durationMs: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  /** When the attempt began. */
  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt: Date;
}
