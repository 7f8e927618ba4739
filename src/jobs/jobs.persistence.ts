import type { DatabaseSchema } from '../database/database-schema';
import { JobItem } from './entities/job-item.entity';
import { Job } from './entities/job.entity';
import { JobResult } from './entities/job-result.entity';
import { Jobs1764100000000 } from './migrations/1764100000000-jobs';
import { JobResults1764250000000 } from './migrations/1764250000000-job-results';
import { JobItemClaimIndexes1764330000000 } from './migrations/1764330000000-job-item-claim-indexes';

export const JOBS_PERSISTENCE: DatabaseSchema = {
  entities: [Job, JobItem, JobResult],
  migrations: [Jobs1764100000000, JobResults1764250000000, JobItemClaimIndexes1764330000000],
};
