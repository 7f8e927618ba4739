import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';

/**
 * The database for one test app: a fresh SQLite file by default, or, when DATABASE_URL points at
 * MySQL/MariaDB, a fresh database on that server (dropped by the returned cleanup).
 */
export async function freshDatabaseUrl(dataDir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base?.startsWith('mysql://')) return { url: `sqlite:${dataDir}/pictor.sqlite`, drop: () => Promise.resolve() };
  return freshMysqlDatabase(base, `pictor_test_${randomBytes(6).toString('hex')}`);
}

/** Creates database `name` on the MySQL/MariaDB server of `base` (a mysql:// URL): its URL, and how to drop it. */
export async function freshMysqlDatabase(base: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = new URL(base);
  const admin = async (sql: string) => {
    const connection = await createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username),
      password: decodeURIComponent(server.password),
    });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  server.pathname = `/${name}`;
  return { url: server.toString(), drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``) };
}
