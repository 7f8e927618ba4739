import { ACCOUNTS_PERSISTENCE } from './accounts/accounts.persistence';
import { ASSETS_PERSISTENCE } from './assets/assets.persistence';
import { BILLING_PERSISTENCE } from './billing/billing.persistence';
import { DASHBOARD_PERSISTENCE } from './dashboard/dashboard.persistence';
import { FONTS_PERSISTENCE } from './fonts/fonts.persistence';
import { IDEMPOTENCY_PERSISTENCE } from './idempotency/idempotency.persistence';
import { JOBS_PERSISTENCE } from './jobs/jobs.persistence';
import { EDITOR_SESSIONS_PERSISTENCE } from './editor-sessions/editor-sessions.persistence';
import { BASELINE_SCHEMA, combineSchemas, EXACT_IDS_SCHEMA } from './database/database-schema';
import { RENDER_PERSISTENCE } from './render/render.persistence';
import { TEMPLATES_PERSISTENCE } from './templates/templates.persistence';
import { WEBHOOKS_PERSISTENCE } from './webhooks/webhooks.persistence';

/** Every module's tables: the app, the CLI and the TypeORM CLI (ormconfig.ts) open the database with this. */
export const APP_SCHEMA = combineSchemas(
  BASELINE_SCHEMA,
  ACCOUNTS_PERSISTENCE,
  TEMPLATES_PERSISTENCE,
  RENDER_PERSISTENCE,
  BILLING_PERSISTENCE,
  WEBHOOKS_PERSISTENCE,
  DASHBOARD_PERSISTENCE,
  FONTS_PERSISTENCE,
  JOBS_PERSISTENCE,
  IDEMPOTENCY_PERSISTENCE,
  EDITOR_SESSIONS_PERSISTENCE,
  ASSETS_PERSISTENCE,
  EXACT_IDS_SCHEMA,
);
