import type { DataSource } from 'typeorm';

const LOCK_NAME = 'pictor_migrations';

/**
 * Runs pending migrations. On MySQL several instances may start at once and DDL is not
 * transactional there, so a named lock lets one instance migrate while the others wait.
 */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'mysql') {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    const [row] = (await runner.query('SELECT GET_LOCK(?, 120) AS acquired', [LOCK_NAME])) as Array<{ acquired: number | string | null }>;
    if (Number(row.acquired) !== 1) throw new Error('Timed out waiting for the migration lock');
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [LOCK_NAME]);
    }
  } finally {
    await runner.release();
  }
}
