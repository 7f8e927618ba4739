import type { DatabaseSchema } from '../database/database-schema';
import { EditorSession } from './entities/editor-session.entity';
import { EditorSessions1764320000000 } from './migrations/1764320000000-editor-sessions';

export const EDITOR_SESSIONS_PERSISTENCE: DatabaseSchema = { entities: [EditorSession], migrations: [EditorSessions1764320000000] };
