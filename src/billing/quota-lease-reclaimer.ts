import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { QuotaBlockRepository } from './quota-block.repository';
import { QuotaCounterRepository } from './quota-counter.repository';

/**
 * A reserved block's lease outlives RENDER_TIMEOUT by its hand-out time and slack (3 s): sweeping twice a minute
 * keeps §20's bound (given back within RENDER_TIMEOUT and a minute of a restart) for blocks too.
 */
export const LEASE_SWEEP_INTERVAL_MS = 30_000;

/**
 * Gives back the units of renders that never completed and of reserved blocks whose process was killed: at
 * start-up and every 30 s. Any instance may sweep; the repository makes a lease refund happen once.
 */
@Injectable()
export class QuotaLeaseReclaimer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(QuotaLeaseReclaimer.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly quota: QuotaCounterRepository,
    private readonly blocks: QuotaBlockRepository,
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
    const now = this.clock.now();
    this.running ??= Promise.all([this.quota.reclaimExpired(now), this.blocks.reclaimExpired(now)])
      .then(([leases, blockUnits]) => leases + blockUnits)
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
