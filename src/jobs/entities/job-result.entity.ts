import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/columns';

/** `writing`: claimed by a process composing it; `written`: stored; `failed`: given up on; `expired`: deleted by retention. */
export type JobResultStatus = 'writing' | 'written' | 'failed' | 'expired';

/**
 * The one file a job with `output` other than `images` ends with (§22): a ZIP (or, at merge, a PDF) in the image
 * store under `<key>.<extension>`. Written by one process at a time (a claim that expires, as job rows have), and
 * kept under retention (§19) like images: `last_accessed_at` is its writing or its last download.
 */
@Entity({ name: 'job_results' })
@Index('IDX_job_results_status_access', ['status', 'lastAccessedAt'])
export class JobResult {
  @PrimaryColumn({ name: 'job_id', type: 'varchar', length: 32 })
  jobId: string;

  /** 64 random hex digits, chosen once: a retry overwrites the same object, so no attempt leaves an orphan. */
  @Column({ name: 'result_key', type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'varchar', length: 8 })
  extension: string;

  @Column({ type: 'varchar', length: 16 })
  status: JobResultStatus;

  /** Failed attempts so far (a store that is down is tried again a few times before the result is given up). */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** Why the result was given up (`{code, message}`), shown on the job as `resultError`. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'claim_token', type: 'varchar', length: 36, nullable: true })
  claimToken: string | null;

  @Column({ name: 'claimed_until', ...timestampColumn({ nullable: true }) })
  claimedUntil: Date | null;

  @Column({ name: 'last_accessed_at', ...timestampColumn({ nullable: true }) })
  lastAccessedAt: Date | null;
}
