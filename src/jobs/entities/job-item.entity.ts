import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { jsonColumn, timestampColumn } from '../../database/columns';

export type JobItemStatus = 'pending' | 'succeeded' | 'failed';

/**
 * One row of a job. A pending row is claimed (`claim_token`, `claimed_until`) by the runner that draws it; a
 * claim whose process died expires and any runner may take the row again (its drawing, if stored, is then a
 * cache hit: never drawn nor billed twice).
 */
@Entity({ name: 'job_items' })
@Index('IDX_job_items_job_status', ['jobId', 'status'])
@Index('IDX_job_items_account_order', ['accountId', 'status', 'jobId', 'index'])
@Index('IDX_job_items_account_claimed', ['accountId', 'status', 'claimedUntil'])
export class JobItem {
  @PrimaryColumn({ name: 'job_id', type: 'varchar', length: 32 })
  jobId: string;

  @PrimaryColumn({ name: 'item_index', type: 'int' })
  index: number;

  @Column({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @Column({ type: 'varchar', length: 16 })
  status: JobItemStatus;

  /** The row's layer overrides, as the request gave them. */
  @Column({ ...jsonColumn() })
  layers: Record<string, unknown>;

  @Column({ name: 'image_url', type: 'varchar', length: 2048, nullable: true })
  imageUrl: string | null;

  @Column({ type: 'boolean', default: false })
  cached: boolean;

  @Column({ ...jsonColumn({ nullable: true }) })
  warnings: unknown[] | null;

  /** The error body the row would have had as a single render. */
  @Column({ ...jsonColumn({ nullable: true }) })
  error: Record<string, unknown> | null;

  @Column({ name: 'claim_token', type: 'varchar', length: 36, nullable: true })
  claimToken: string | null;

  @Column({ name: 'claimed_until', ...timestampColumn({ nullable: true }) })
  claimedUntil: Date | null;
}
