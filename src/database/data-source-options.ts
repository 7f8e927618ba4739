import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { Account } from '../accounts/entities/account.entity';
import { ApiKey } from '../accounts/entities/api-key.entity';
import { RenderCacheEntry } from '../render/entities/render-cache-entry.entity';
import { Template } from '../templates/entities/template.entity';
import type { AppConfig } from '../config/app-config';
import { InitialSchema1763780000000 } from './migrations/1763780000000-initial-schema';
import { UsageCounters1763790000000 } from './migrations/1763790000000-usage-counters';
import { UsageCounter } from '../billing/entities/usage-counter.entity';
import { WebhookDelivery } from '../webhooks/entities/webhook-delivery.entity';
import { Session } from '../dashboard/entities/session.entity';
import { Sessions1763810000000 } from './migrations/1763810000000-sessions';
import { WebhookDeliveries1763800000000 } from './migrations/1763800000000-webhook-deliveries';
import { QuotaLeases1763900015000 } from './migrations/1763900015000-quota-leases';
import { FontFaces1763900020000 } from './migrations/1763900020000-font-faces';
import { FontFace } from '../fonts/entities/font-face.entity';

export const ENTITIES = [Account, ApiKey, Template, RenderCacheEntry, UsageCounter, WebhookDelivery, Session, FontFace];
export const MIGRATIONS = [
  InitialSchema1763780000000,
  UsageCounters1763790000000,
  WebhookDeliveries1763800000000,
  Sessions1763810000000,
  QuotaLeases1763900015000,
  FontFaces1763900020000,
];

/** One definition for the app, the CLI and the TypeORM CLI (ormconfig.ts). Never synchronize. */
export function buildDataSourceOptions(config: AppConfig): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, synchronize: false, migrationsRun: false, logging: false } as const;
  if (config.database.type === 'sqlite') {
    if (config.database.path !== ':memory:') mkdirSync(dirname(config.database.path), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: config.database.path,
      // WAL lets readers proceed while a writer commits; busy_timeout covers a second process (the CLI).
      prepareDatabase: (db: { pragma(statement: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('busy_timeout = 5000');
        // WAL + NORMAL: commits survive a process crash; only an OS crash or power loss can drop the
        // last ones. FULL fsyncs every commit on the event loop (three per fresh render).
        db.pragma('synchronous = NORMAL');
        db.pragma('foreign_keys = ON');
      },
    };
  }
  return { ...common, type: 'mysql', url: config.database.url, timezone: 'Z', charset: 'utf8mb4_unicode_ci', connectorPackage: 'mysql2' };
}
