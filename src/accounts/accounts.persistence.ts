import type { DatabaseSchema } from '../database/database-schema';
import { Account } from './entities/account.entity';
import { ApiKey } from './entities/api-key.entity';

/** Tables `accounts` and `api_keys` (created by the baseline migration). */
export const ACCOUNTS_PERSISTENCE: DatabaseSchema = { entities: [Account, ApiKey], migrations: [] };
