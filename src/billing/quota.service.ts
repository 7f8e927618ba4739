import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UsageCounter } from './entities/usage-counter.entity';

/**
 * Monthly generation counters. A unit is reserved by one conditional UPDATE (`used < limit`), which
 * the database applies atomically, so concurrent requests and instances can never over-grant.
 */
@Injectable()
export class QuotaService {
  constructor(@InjectRepository(UsageCounter) private readonly counters: Repository<UsageCounter>) {}

  async reserve(accountId: string, periodStart: Date, limit: number): Promise<boolean> {
    if (await this.increment(accountId, periodStart, limit)) return true;
    // Nothing changed: either the period's row does not exist yet (first render of the period) or
    // the quota is spent. Create the row if missing (idempotent under races) and try once more.
    await this.counters
      .createQueryBuilder()
      .insert()
      .into(UsageCounter)
      .values({ accountId, periodStart, used: 0 })
      .orIgnore()
      .execute();
    return this.increment(accountId, periodStart, limit);
  }

  private async increment(accountId: string, periodStart: Date, limit: number): Promise<boolean> {
    const result = await this.counters
      .createQueryBuilder()
      .update(UsageCounter)
      .set({ used: () => 'used + 1' })
      .where('account_id = :accountId AND period_start = :periodStart AND used < :limit', { accountId, periodStart, limit })
      .execute();
    return result.affected === 1;
  }

  /** Gives back a unit reserved for a render that then failed. */
  async refund(accountId: string, periodStart: Date): Promise<void> {
    await this.counters
      .createQueryBuilder()
      .update(UsageCounter)
      .set({ used: () => 'used - 1' })
      .where('account_id = :accountId AND period_start = :periodStart AND used > 0', { accountId, periodStart })
      .execute();
  }

  async used(accountId: string, periodStart: Date): Promise<number> {
    return (await this.counters.findOneBy({ accountId, periodStart }))?.used ?? 0;
  }
}
