import Database from 'better-sqlite3';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { APP_SCHEMA } from '../src/app.schema';
import { QuotaCounterRepository } from '../src/billing/quota-counter.repository';
import type { AppConfig } from '../src/config/app-config';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { RenderCacheRepository } from '../src/render/render-cache.repository';

let probes = 0;

/**
 * The CPU a fresh render's database bookkeeping costs on this machine, outside Pictor: its quota unit reserved (one
 * transaction) and then committed with its cache row (another), by Pictor's own repositories, on a snapshot of the
 * running server's SQLite database (`VACUUM INTO`: same schema, same rows) beside it, with the server's pragmas. A
 * floor of the fresh render's own work that no ceiling pays; what Pictor's schema and statements cost, apart.
 */
export async function bookkeepingCost(pictorDatabase: string, renders = 2000): Promise<{ cpuMicroseconds: number; kernelMicroseconds: number }> {
  const snapshot = join(pictorDatabase, '..', `bookkeeping-probe-${process.pid}-${++probes}.sqlite`);
  const source = new Database(pictorDatabase, { readonly: true });
  try {
    source.prepare('VACUUM INTO ?').run(snapshot);
  } finally {
    source.close();
  }
  const dataSource = new DataSource(buildDataSourceOptions({ database: { type: 'sqlite', path: snapshot } } as AppConfig, APP_SCHEMA));
  await dataSource.initialize();
  try {
    const quota = new QuotaCounterRepository(dataSource);
    const cache = new RenderCacheRepository(dataSource);
    const rows = await dataSource.query<Array<{ account_id: string; period_start: string }>>('SELECT account_id, period_start FROM usage_counters LIMIT 1');
    const counter = rows[0];
    const periodStart = new Date(`${counter.period_start.replace(' ', 'T')}Z`);
    const render = async () => {
      const lease = { id: randomUUID(), accountId: counter.account_id, periodStart, expiresAt: new Date(Date.now() + 60_000) };
      if (!(await quota.reserve(lease, Number.MAX_SAFE_INTEGER))) throw new Error('the probe could not reserve a unit');
      const entry = {
        key: randomBytes(32).toString('hex'),
        accountId: counter.account_id,
        templateId: 'probe',
        templateVersion: 1,
        format: 'png',
        byteSize: 48 * 1024,
        warnings: [],
        createdAt: new Date(),
      };
      await quota.commit(lease, [cache.recordStatement(entry)]);
    };
    for (let index = 0; index < renders / 10; index++) await render();
    const before = process.cpuUsage();
    for (let index = 0; index < renders; index++) await render();
    const used = process.cpuUsage(before);
    return { cpuMicroseconds: (used.user + used.system) / renders, kernelMicroseconds: used.system / renders };
  } finally {
    await dataSource.destroy();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${snapshot}${suffix}`, { force: true });
  }
}
