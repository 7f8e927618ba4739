import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import type { JobResult } from '../entities/job-result.entity';
import { JobResultsRepository } from '../job-results.repository';
import { JobResultError, RESULT_EXPIRED } from './job-result-error';

/** What a job shows of its result file. */
export interface JobResultView {
  resultUrl: string | null;
  resultError: JobResultError | null;
}

export const NO_RESULT: JobResultView = { resultUrl: null, resultError: null };

/** The jobs' result files as the API shows them: a URL once written (under IMAGE_BASE_URL, like images), else why not. */
@Injectable()
export class JobResultsService {
  constructor(
    private readonly config: AppConfig,
    private readonly results: JobResultsRepository,
  ) {}

  async views(jobIds: readonly string[]): Promise<Map<string, JobResultView>> {
    const results = await this.results.findMany(jobIds);
    return new Map(jobIds.map((id) => [id, this.view(results.get(id))]));
  }

  private view(result: JobResult | undefined): JobResultView {
    switch (result?.status) {
      case 'written':
        return { resultUrl: `${this.config.imageBaseUrl}/${result.key}.${result.extension}`, resultError: null };
      case 'failed':
        return { resultUrl: null, resultError: JSON.parse(result.error!) as JobResultError };
      case 'expired':
        return { resultUrl: null, resultError: RESULT_EXPIRED };
      default:
        return NO_RESULT;
    }
  }
}
