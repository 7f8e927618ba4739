import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';

const RETRY_INTERVAL_MS = 1_000;

/** One give-back: idempotent (a unit or a slot goes back at most once however often it runs). */
export interface Refund {
  what: string;
  run: () => Promise<void>;
  /** Past this (ms since epoch) the refund no longer matters: the lease was reclaimed, the slot left the window. */
  untilMs: number;
}

/**
 * Gives back what a render counted even when the store holding it is down at that moment (§20: the
 * database or Redis went away, which is often why the render failed). Each refund is tried at once;
 * one that fails is tried again every second until it succeeds or stops mattering, so usage equals
 * answered renders soon after the dependency returns. Never throws: the caller's own error is the answer.
 */
@Injectable()
export class RefundRetrier implements OnModuleDestroy {
  private readonly logger = new Logger(RefundRetrier.name);
  private readonly pending = new Set<Refund>();
  private timer: NodeJS.Timeout | null = null;
  private retrying: Promise<void> | null = null;

  /** Resolves once every refund was tried once (those that failed stay queued). */
  async settle(refunds: Refund[]): Promise<void> {
    await Promise.all(refunds.map((refund) => this.attempt(refund)));
  }

  /** Refunds still waiting for their store (tests and diagnostics). */
  get waiting(): number {
    return this.pending.size;
  }

  /** Waits for the retry round in progress; refunds still pending are left to lease expiry (units) and the window (slots). */
  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.retrying;
  }

  private async attempt(refund: Refund): Promise<boolean> {
    try {
      await refund.run();
      this.pending.delete(refund);
      return true;
    } catch (error) {
      if (!this.pending.has(refund)) this.logger.warn(`Could not give back ${refund.what} now, retrying: ${(error as Error).message}`);
      this.pending.add(refund);
      this.timer ??= setInterval(() => void this.retryAll(), RETRY_INTERVAL_MS).unref();
      return false;
    }
  }

  private retryAll(): Promise<void> {
    this.retrying ??= (async () => {
      const now = Date.now();
      for (const refund of this.pending) if (refund.untilMs <= now) this.pending.delete(refund);
      // In parallel: each attempt on a store still down takes its bounded wait (seconds).
      await Promise.all([...this.pending].map(async (refund) => (await this.attempt(refund)) && this.logger.log(`Gave back ${refund.what}`)));
      if (this.pending.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    })().finally(() => (this.retrying = null));
    return this.retrying;
  }
}
