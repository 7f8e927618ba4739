import type { DatabaseSchema } from '../database/database-schema';
import { UsageCounter } from './entities/usage-counter.entity';
import { UsageCounters1763790000000 } from './migrations/1763790000000-usage-counters';
import { QuotaLeases1763900015000 } from './migrations/1763900015000-quota-leases';
import { QuotaLeaseUnits1764300000000 } from './migrations/1764300000000-quota-lease-units';
import { LeanQuotaLeases1764340000000 } from './migrations/1764340000000-lean-quota-leases';

export const BILLING_PERSISTENCE: DatabaseSchema = {
  entities: [UsageCounter],
  migrations: [UsageCounters1763790000000, QuotaLeases1763900015000, QuotaLeaseUnits1764300000000, LeanQuotaLeases1764340000000],
};
