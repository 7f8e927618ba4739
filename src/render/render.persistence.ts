import type { DatabaseSchema } from '../database/database-schema';
import { RenderCacheEntry } from './entities/render-cache-entry.entity';
import { ImageRetention1763900018000 } from './migrations/1763900018000-image-retention';

/** Table `render_cache` (baseline) with its last access, and `scheduler_leases` (the retention sweep's lease). */
export const RENDER_PERSISTENCE: DatabaseSchema = { entities: [RenderCacheEntry], migrations: [ImageRetention1763900018000] };
