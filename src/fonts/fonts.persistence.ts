import type { DatabaseSchema } from '../database/database-schema';
import { FontFace } from './entities/font-face.entity';
import { FontFaces1763900020000 } from './migrations/1763900020000-font-faces';

/** Table `font_faces`: the accounts' uploaded font faces (§14); their bytes live in the image storage. */
export const FONTS_PERSISTENCE: DatabaseSchema = { entities: [FontFace], migrations: [FontFaces1763900020000] };
