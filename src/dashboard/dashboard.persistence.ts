import type { DatabaseSchema } from '../database/database-schema';
import { Session } from './entities/session.entity';
import { Sessions1763810000000 } from './migrations/1763810000000-sessions';

export const DASHBOARD_PERSISTENCE: DatabaseSchema = { entities: [Session], migrations: [Sessions1763810000000] };
