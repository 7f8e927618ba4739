import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { APP_SCHEMA } from '../src/app.schema';
import { LeanQuotaLeases1764340000000 } from '../src/billing/migrations/1764340000000-lean-quota-leases';
import { QuotaCounterRepository } from '../src/billing/quota-counter.repository';
import type { AppConfig, DatabaseConfig } from '../src/config/app-config';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { freshDatabaseUrl } from './support/test-database';

const PERIOD = '2026-11-01 00:00:00.000';
const LEASES = [
  { id: 'lease-in-flight', expires_at: '2999-01-01 00:00:00.000', units: 1 },
  { id: 'lease-of-a-dead-process', expires_at: '2026-11-02 00:00:00.000', units: 3 },
];

// The leases of renders in flight when an instance is upgraded must survive the table's rebuild (SQLite) and the
// index's removal (MySQL), and the reclaimer must still find the expired ones without that index.
describe('migration LeanQuotaLeases (SQLite and MySQL/MariaDB)', () => {
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };
  let dataSource: DataSource;

  const connect = async (migrations: DataSource['options']['migrations']) => {
    const config: DatabaseConfig = database.url.startsWith('sqlite:')
      ? { type: 'sqlite', path: database.url.slice('sqlite:'.length) }
      : { type: 'mysql', url: database.url };
    const source = new DataSource({ ...buildDataSourceOptions({ database: config } as AppConfig, APP_SCHEMA), migrations });
    await source.initialize();
    return source;
  };
  const leases = () => dataSource.query<Array<{ id: string; units: number | string }>>('SELECT id, units FROM quota_leases ORDER BY id');
  const hasExpiresIndex = async () => {
    const names: string[] =
      dataSource.options.type === 'mysql'
        ? (await dataSource.query<Array<{ Key_name: string }>>('SHOW INDEX FROM quota_leases')).map((row) => row.Key_name)
        : (await dataSource.query<Array<{ name: string }>>("SELECT name FROM sqlite_master WHERE tbl_name = 'quota_leases' AND type = 'index'")).map(
            (row) => row.name,
          );
    return names.includes('IDX_quota_leases_expires_at');
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pictor-lease-migration-'));
    database = await freshDatabaseUrl(dataDir);
    const before = APP_SCHEMA.migrations.filter((migration) => migration !== LeanQuotaLeases1764340000000);
    dataSource = await connect(before);
    await dataSource.runMigrations();
    await dataSource.query("INSERT INTO accounts (id, email, plan, created_at) VALUES ('account1', 'lease@example.com', 'pro', ?)", [PERIOD]);
    await dataSource.query('INSERT INTO usage_counters (account_id, period_start, used) VALUES (?, ?, 4)', ['account1', PERIOD]);
    for (const lease of LEASES) {
      await dataSource.query('INSERT INTO quota_leases (id, account_id, period_start, expires_at, units) VALUES (?, ?, ?, ?, ?)', [
        lease.id,
        'account1',
        PERIOD,
        lease.expires_at,
        lease.units,
      ]);
    }
    await dataSource.destroy();
    dataSource = await connect(APP_SCHEMA.migrations);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the leases in flight, drops the expires_at index, and the reclaimer still gives back the expired ones', async () => {
    expect(await hasExpiresIndex()).toBe(true);
    expect((await dataSource.runMigrations()).map((migration) => migration.name)).toEqual(['LeanQuotaLeases1764340000000']);
    expect((await leases()).map((lease) => [lease.id, Number(lease.units)])).toEqual(LEASES.map((lease) => [lease.id, lease.units]));
    expect(await hasExpiresIndex()).toBe(false);

    const quota = new QuotaCounterRepository(dataSource);
    expect(await quota.reclaimExpired(new Date('2026-11-03T00:00:00Z'))).toBe(1);
    expect(await quota.used('account1', new Date('2026-11-01T00:00:00Z'))).toBe(1);
    expect((await leases()).map((lease) => lease.id)).toEqual(['lease-in-flight']);

    await dataSource.undoLastMigration();
    expect((await leases()).map((lease) => lease.id)).toEqual(['lease-in-flight']);
    expect(await hasExpiresIndex()).toBe(true);
  });
});
