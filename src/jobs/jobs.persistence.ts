import type { DatabaseSchema } from '../database/database-schema';
import { JobItem } from './entities/job-item.entity';
import { Job } from './entities/job.entity';
import { Jobs1764100000000 } from './migrations/1764100000000-jobs';

export const JOBS_PERSISTENCE: DatabaseSchema = { entities: [Job, JobItem], migrations: [Jobs1764100000000] };
