import type { DatabaseSchema } from '../database/database-schema';
import { Template } from './entities/template.entity';

/** Table `templates` (created by the baseline migration). */
export const TEMPLATES_PERSISTENCE: DatabaseSchema = { entities: [Template], migrations: [] };
