import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { jsonColumn, timestampColumn } from '../../database/columns';

export type JobStatus = 'queued' | 'running' | 'completed' | 'canceled';

/** One bulk render (§22): its options once, its rows in `job_items`. */
@Entity({ name: 'jobs' })
@Index('IDX_jobs_account_created', ['accountId', 'createdAt'])
export class Job {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @Column({ name: 'template_id', type: 'varchar', length: 64 })
  templateId: string;

  @Column({ type: 'varchar', length: 16 })
  status: JobStatus;

  @Column({ type: 'varchar', length: 8 })
  format: string;

  @Column({ type: 'varchar', length: 8 })
  output: string;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @Column({ type: 'int', nullable: true })
  quality: number | null;

  @Column({ type: 'int' })
  total: number;

  @Column({ name: 'webhook_url', type: 'varchar', length: 2048, nullable: true })
  webhookUrl: string | null;

  /** The caller's own data (≤ 4 KiB of JSON), returned as given. */
  @Column({ ...jsonColumn({ nullable: true }) })
  metadata: Record<string, unknown> | null;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt: Date;

  @Column({ name: 'started_at', ...timestampColumn({ nullable: true }) })
  startedAt: Date | null;

  @Column({ name: 'finished_at', ...timestampColumn({ nullable: true }) })
  finishedAt: Date | null;
}
