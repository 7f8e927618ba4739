import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';

const RETRY_INTERVAL_MS = 1_000;
/** Refunds of one store retried together; a batch with a failure ends the round (the store is still down). */
const BATCH_SIZE = 20;
/** Past this many waiting, new ones are left to lease expiry (units) and the window (slots): memory stays bounded. */
const MAX_WAITING = 10_000;

/** One give-back: idempotent (a unit or a slot goes back at most once however often it runs). */
export interface Refund {
  what: string;
  /** Where it goes back ('database', 'rate-limits'): while one store is down, the others' refunds still go. */
  store: string;
  run: () => Promise<void>;
  /** Past this (ms since epoch) the refund no longer matters: the lease was reclaimed, the slot left the window. */
  untilMs: number;
}

/**
 * Gives back what a render counted even when the store holding it is down at that moment (§20: the
 * database or Redis went away, which is often why the render failed). Each refund is tried at once;
 * one that fails is tried again every second until it succeeds or stops mattering, so usage equals
 * answered renders soon after the dependency returns. A round probes each store with a small batch
 * first, so a long outage costs a few attempts a second, not one per waiting refund. Never throws:
 * the caller's own error is the answer.
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
      if (this.pending.has(refund)) return false;
      if (this.pending.size >= MAX_WAITING) return false;
      if (this.pending.size === 0) this.logger.warn(`Refunds wait for their store (retried every second): ${(error as Error).message}`);
      this.pending.add(refund);
      this.timer ??= setInterval(() => void this.retryAll(), RETRY_INTERVAL_MS).unref();
      return false;
    }
  }

  private retryAll(): Promise<void> {
    this.retrying ??= (async () => {
      const now = Date.now();
      const byStore = new Map<string, Refund[]>();
      for (const refund of this.pending) {
        if (refund.untilMs <= now) this.pending.delete(refund);
        else if (byStore.has(refund.store)) byStore.get(refund.store)!.push(refund);
        else byStore.set(refund.store, [refund]);
      }
      await Promise.all([...byStore.values()].map((refunds) => this.retryStore(refunds)));
      if (this.pending.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
        this.logger.log('No refund waits for its store any more');
      }
    })().finally(() => (this.retrying = null));
    return this.retrying;
  }

  private async retryStore(refunds: Refund[]): Promise<void> {
    for (let start = 0; start < refunds.length; start += BATCH_SIZE) {
      const given = await Promise.all(refunds.slice(start, start + BATCH_SIZE).map((refund) => this.attempt(refund)));
      if (given.includes(false)) return;
    }
  }
}
