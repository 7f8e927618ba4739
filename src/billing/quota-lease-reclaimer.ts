import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { QuotaCounterRepository } from './quota-counter.repository';

export const LEASE_SWEEP_INTERVAL_MS = 60_000;

/**
 * Gives back the units of renders that never completed (the process drawing them was killed): at
 * start-up and every minute. Any instance may sweep; the repository makes a lease refund happen once.
 */
@Injectable()
export class QuotaLeaseReclaimer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(QuotaLeaseReclaimer.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly quota: QuotaCounterRepository,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), LEASE_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Reclaims every lease expired by the clock's now; one sweep at a time per instance. Returns how many. */
  sweep(): Promise<number> {
    this.running ??= this.quota
      .reclaimExpired(this.clock.now())
      .then(
        (count) => {
          if (count > 0) this.logger.warn(`Gave back ${count} unit(s) reserved by renders that never completed`);
          return count;
        },
        (error: unknown) => {
          this.logger.error(`Reclaiming expired quota leases failed: ${(error as Error).message}`);
          return 0;
        },
      )
      .finally(() => (this.running = null));
    return this.running;
  }
}
