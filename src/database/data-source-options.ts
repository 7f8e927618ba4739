import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import type { DatabaseSchema } from './database-schema';

/** One definition for the app, the CLI and the TypeORM CLI (ormconfig.ts). Never synchronize. */
export function buildDataSourceOptions(config: AppConfig, schema: DatabaseSchema): DataSourceOptions {
  const common = { entities: schema.entities, migrations: schema.migrations, synchronize: false, migrationsRun: false, logging: false } as const;
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
  // A server that stopped answering fails a new connection within 3 s (mysql2's default is 10 s), so a request
  // that needs one answers its 503 (§20) well within the contract's 10 s; the pool reconnects by itself.
  return {
    ...common,
    type: 'mysql',
    url: config.database.url,
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
    connectorPackage: 'mysql2',
    connectTimeout: 3_000,
  };
}
