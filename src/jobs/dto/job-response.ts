import type { Job, JobStatus } from '../entities/job.entity';
import type { JobItem, JobItemStatus } from '../entities/job-item.entity';
import type { ItemCounts } from '../job-items.repository';
import { NO_RESULT, type JobResultView } from '../results/job-results.service';
import type { JobResultError } from '../results/job-result-error';

/** A job as §22 shows it, plus `metadata` (issue 26). */
export interface JobResponse {
  id: string;
  status: JobStatus;
  templateId: string;
  format: string;
  output: string;
  total: number;
  done: number;
  failed: number;
  progress: number;
  resultUrl: string | null;
  /** Why a job with a result file has none (an addition to §22). */
  resultError: JobResultError | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface JobItemResponse {
  index: number;
  status: JobItemStatus;
  imageUrl: string | null;
  cached: boolean;
  warnings: unknown[];
  error: Record<string, unknown> | null;
}

/** `done`: rows drawn or answered from the cache; `failed`: rows that ended in an error; `progress`: their share of `total`. */
export function toJobResponse(job: Job, counts: ItemCounts, result: JobResultView = NO_RESULT): JobResponse {
  const finished = counts.succeeded + counts.failed;
  return {
    id: job.id,
    status: job.status,
    templateId: job.templateId,
    format: job.format,
    output: job.output,
    total: job.total,
    done: counts.succeeded,
    failed: counts.failed,
    progress: job.total === 0 ? 0 : Math.min(1, finished / job.total),
    resultUrl: result.resultUrl,
    resultError: result.resultError,
    metadata: job.metadata,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

export function toJobItemResponse(item: Pick<JobItem, 'index' | 'status' | 'imageUrl' | 'cached' | 'warnings' | 'error'>): JobItemResponse {
  return { index: item.index, status: item.status, imageUrl: item.imageUrl, cached: item.cached, warnings: item.warnings ?? [], error: item.error };
}
