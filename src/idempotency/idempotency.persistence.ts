import type { DatabaseSchema } from '../database/database-schema';
import { IdempotencyKey } from './entities/idempotency-key.entity';
import { IdempotencyKeys1764200000000 } from './migrations/1764200000000-idempotency-keys';

export const IDEMPOTENCY_PERSISTENCE: DatabaseSchema = { entities: [IdempotencyKey], migrations: [IdempotencyKeys1764200000000] };
