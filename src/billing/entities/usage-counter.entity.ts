import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Generations counted for one account in one billing period; shared by every instance. */
@Entity({ name: 'usage_counters' })
export class UsageCounter {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @PrimaryColumn({ name: 'period_start', type: 'datetime', precision: 3 })
  periodStart: Date;

  @Column({ type: 'int' })
  used: number;
}
