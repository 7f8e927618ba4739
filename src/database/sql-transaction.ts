import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import type { SqlStatement } from './sql';

/** A read inside a transaction body: the body receives its rows. */
export interface SqlRead {
  read: SqlStatement;
}

/**
 * A transaction's body: yields statements (a write, answered with how many rows it changed) or reads
 * (answered with their rows). Written as a generator so the same body runs synchronously on SQLite and
 * with awaits on MySQL.
 */
export type TransactionBody<T> = () => Generator<SqlStatement | SqlRead, T, unknown>;

/** Prepared statements kept per runner: a repository's fixed statements, and the last sizes of a multi-row INSERT. */
const PREPARED = 64;

/**
 * Runs transaction bodies for a repository. On MySQL a pooled connection per transaction; on SQLite one
 * synchronous better-sqlite3 transaction (the driver shares one connection, so TypeORM's asynchronous
 * transactions would interleave), with a prepared statement per SQL text.
 */
export class SqlTransactionRunner {
  private readonly sqlite: Database.Database | null;
  private readonly statements = new LRUCache<string, Database.Statement>({ max: PREPARED });

  constructor(private readonly dataSource: DataSource) {
    this.sqlite = dataSource.options.type === 'better-sqlite3' ? ((dataSource.driver as BetterSqlite3Driver).databaseConnection as Database.Database) : null;
  }

  async run<T>(body: TransactionBody<T>): Promise<T> {
    if (this.sqlite) return this.runOnSqlite(this.sqlite, body);
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      await runner.startTransaction();
      const steps = body();
      let step = steps.next();
      while (!step.done) {
        const [sql, parameters] = isRead(step.value) ? step.value.read : step.value;
        const answer = await runner.query(sql, parameters, true);
        step = steps.next(isRead(step.value) ? answer.records : (answer.affected ?? 0));
      }
      await runner.commitTransaction();
      return step.value;
    } catch (error) {
      // The statement's error is the answer; a rollback on a connection that died has nothing to add.
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  /** Synchronous from BEGIN to COMMIT: nothing else on the shared connection can run in between. */
  private runOnSqlite<T>(db: Database.Database, body: TransactionBody<T>): T {
    const run = db.transaction(() => {
      const steps = body();
      let step = steps.next();
      while (!step.done) {
        const read = isRead(step.value) ? step.value.read : null;
        const [sql, parameters] = read ?? (step.value as SqlStatement);
        let statement = this.statements.get(sql);
        if (!statement) this.statements.set(sql, (statement = db.prepare(sql)));
        step = steps.next(read ? statement.all(...parameters) : statement.run(...parameters).changes);
      }
      return step.value;
    });
    return run.immediate();
  }
}

function isRead(step: SqlStatement | SqlRead): step is SqlRead {
  return !Array.isArray(step);
}
