import type { DatabaseSchema } from '../database/database-schema';
import { Asset } from './entities/asset.entity';
import { Assets1764310000000 } from './migrations/1764310000000-assets';

/** Table `assets`: the accounts' uploaded images (§24); their bytes live in the image storage. */
export const ASSETS_PERSISTENCE: DatabaseSchema = { entities: [Asset], migrations: [Assets1764310000000] };
