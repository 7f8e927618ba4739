import type { DatabaseSchema } from '../database/database-schema';
import { EditorSession } from './entities/editor-session.entity';
import { EditorSessions1764300000000 } from './migrations/1764300000000-editor-sessions';

export const EDITOR_SESSIONS_PERSISTENCE: DatabaseSchema = { entities: [EditorSession], migrations: [EditorSessions1764300000000] };
