/**
 * Retention sweep time for 10,000 expired images: rows in render_cache plus one file (or object)
 * each, then one sweep. Uses the real app (test support) on the database, Redis and storage the
 * environment names (SQLite and local disk by default). Run:
 *   TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register bench/retention-sweep.ts
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/test REDIS_URL=redis://127.0.0.1:6379 TS_NODE_TRANSPILE_ONLY=1 node -r ts-node/register bench/retention-sweep.ts
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sqlTimestamp } from '../src/database/sql';
import { RetentionSweeperService } from '../src/render/retention/retention-sweeper.service';
import { ImageStorage } from '../src/storage/image-storage';
import { startTestApp } from '../test/support/test-app';

const IMAGES = 10_000;

async function main(): Promise<void> {
  const app = await startTestApp({ env: { IMAGE_RETENTION: '1h' } });
  try {
    const storage = app.app.get<ImageStorage>(ImageStorage);
    const old = sqlTimestamp(new Date(app.clock.nowMs() - 2 * 3_600_000));
    const png = randomBytes(2_000);
    for (let start = 0; start < IMAGES; start += 500) {
      const keys = Array.from({ length: Math.min(500, IMAGES - start) }, () => randomBytes(32).toString('hex'));
      await app.dataSource.query(
        `INSERT INTO render_cache (cache_key, account_id, template_id, template_version, format, byte_size, warnings, created_at, last_accessed_at) VALUES ${keys.map(() => '(?, ?, ?, 1, ?, ?, ?, ?, ?)').join(', ')}`,
        keys.flatMap((key) => [key, 'acc_bench', 'tpl_bench', 'png', png.length, '[]', old, old]),
      );
      await Promise.all(keys.map((key) => storage.put(`${key}.png`, png)));
    }
    const started = performance.now();
    const result = await app.get(RetentionSweeperService).sweep();
    const seconds = (performance.now() - started) / 1000;
    const [{ remaining }] = await app.dataSource.query('SELECT COUNT(*) AS remaining FROM render_cache');
    console.log(JSON.stringify({ images: IMAGES, deleted: result.deleted, remaining: Number(remaining), seconds: Number(seconds.toFixed(2)), database: app.config.database.type, redis: Boolean(app.config.redisUrl), storage: app.config.storage.type }));
  } finally {
    await app.close();
  }
}

void main();
