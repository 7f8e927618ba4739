import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { execute, sqlTimestamp } from './sql';

/**
 * A named lease in the `scheduler_leases` table: periodic jobs (the retention sweep) run on one
 * instance at a time. A plain conditional UPDATE, so it works on SQLite and MySQL, with or without
 * Redis; a holder that dies loses the lease when it expires.
 */
export class SchedulerLease {
  constructor(
    private readonly dataSource: DataSource,
    private readonly name: string,
    private readonly holder: string,
  ) {}

  /** Takes the lease (or extends it when this holder has it) until `until`; false when another holder has it. */
  async acquire(now: Date, until: Date): Promise<boolean> {
    const changed = await execute(this.dataSource, 'UPDATE scheduler_leases SET holder = ?, expires_at = ? WHERE name = ? AND (expires_at < ? OR holder = ?)', [
      this.holder,
      sqlTimestamp(until),
      this.name,
      sqlTimestamp(now),
      this.holder,
    ]);
    return changed > 0;
  }

  async release(): Promise<void> {
    await execute(this.dataSource, "UPDATE scheduler_leases SET expires_at = '1970-01-01 00:00:00.000' WHERE name = ? AND holder = ?", [
      this.name,
      this.holder,
    ]);
  }
}

/** Hands out named leases, so a periodic job holds one without reaching for the DataSource itself. */
@Injectable()
export class SchedulerLeases {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The lease `name` as held by `holder` (one per process: a random id). */
  lease(name: string, holder: string): SchedulerLease {
    return new SchedulerLease(this.dataSource, name, holder);
  }
}
