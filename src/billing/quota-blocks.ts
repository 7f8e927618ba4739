import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { settle, SettledPromise } from '../common/async/settle';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import type { CountedUnit } from './counted-unit';
import { DemandMeter, QuotaBlock } from './quota-block';
import { BlockLease, QuotaBlockRepository } from './quota-block.repository';

/** A block hands units out this long at most; then its free units go back (so another instance waits this long at most). */
export const BLOCK_HAND_OUT_MS = 1_000;
/** Blocks are reserved for an account with at least this many admissions over the last two hand-out windows. */
export const BLOCK_MIN_DEMAND = 4;
export const BLOCK_MAX_UNITS = 32;
/** Past its hand-out time, a block's last unit's render has RENDER_TIMEOUT and this to commit before the lease expires. */
export const BLOCK_SLACK_MS = 2_000;
/** How often a refused request looks again while another instance's block still hands out. */
const RECHECK_MS = 100;
const ACCOUNTS_KEPT = 10_000;

interface AccountBlocks {
  demand: DemandMeter;
  current: { block: QuotaBlock; lease: BlockLease } | null;
  reserving: Promise<void> | null;
  /** A block was refused (no room for it) or failed: units go one by one until then (ms since epoch). */
  noBlockUntilMs: number;
}

/**
 * Reserved blocks of monthly units (issue 29): an account rendering steadily gets its units counted a block at a
 * time and handed out from memory, one write transaction per render (its commit) instead of two. Exact across
 * instances: a block never counts past the limit (it needs room for twice its size), spent units are recorded in
 * each render's commit, a block gives its free units back within BLOCK_HAND_OUT_MS, and a request refused while
 * another instance's block still hands out waits for it (`waitForOthers`). A block whose process died expires and
 * is settled by the lease sweeper.
 */
@Injectable()
export class QuotaBlocks implements OnModuleDestroy {
  private readonly logger = new Logger(QuotaBlocks.name);
  private readonly accounts = new LRUCache<string, AccountBlocks>({ max: ACCOUNTS_KEPT });
  private readonly retiring = new Set<SettledPromise<unknown>>();

  constructor(
    private readonly repository: QuotaBlockRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** A unit out of the account's block (reserving one when its demand calls for it), or null: count it alone. */
  async take(accountId: string, periodStart: Date, limit: number): Promise<CountedUnit | null> {
    const entry = this.entryOf(accountId, periodStart);
    const nowMs = this.clock.nowMs();
    const demand = entry.demand.note(nowMs);
    let taken = this.takeFrom(entry, nowMs);
    // Requests that arrived while a block was being reserved may find it spent: they reserve the next one (a few times at most).
    for (let attempt = 0; !taken && attempt < 3 && demand >= BLOCK_MIN_DEMAND && this.clock.nowMs() >= entry.noBlockUntilMs; attempt++) {
      entry.reserving ??= this.reserve(entry, accountId, periodStart, limit, Math.min(BLOCK_MAX_UNITS, demand)).finally(() => (entry.reserving = null));
      await entry.reserving;
      taken = this.takeFrom(entry, this.clock.nowMs());
    }
    return taken;
  }

  /**
   * The account's quota refused a unit: this instance's own block gives its free units back, then, while another
   * instance's block still hands out (at most BLOCK_HAND_OUT_MS), `retry` is tried again. True once it succeeded.
   */
  async waitForOthers(accountId: string, periodStart: Date, retry: () => Promise<boolean>): Promise<boolean> {
    const entry = this.accounts.get(keyOf(accountId, periodStart));
    if (entry?.current) {
      await this.retire(entry);
      if (await retry()) return true;
    }
    const deadline = performance.now() + BLOCK_HAND_OUT_MS + 5 * RECHECK_MS;
    while (performance.now() < deadline) {
      const own = entry?.current ? [entry.current.lease.id] : [];
      if ((await this.repository.openElsewhere(accountId, periodStart, own)) === 0) return false;
      await sleep(RECHECK_MS);
      if (await retry()) return true;
    }
    return false;
  }

  /** Units this instance holds for the account's period and has not handed out (counted, but not used). */
  freeUnits(accountId: string, periodStart: Date): number {
    return this.accounts.get(keyOf(accountId, periodStart))?.current?.block.freeUnits ?? 0;
  }

  async onModuleDestroy(): Promise<void> {
    for (const entry of this.accounts.values()) if (entry.current) void this.retire(entry);
    await Promise.all(this.retiring);
  }

  private entryOf(accountId: string, periodStart: Date): AccountBlocks {
    const key = keyOf(accountId, periodStart);
    let entry = this.accounts.get(key);
    if (!entry) this.accounts.set(key, (entry = { demand: new DemandMeter(BLOCK_HAND_OUT_MS), current: null, reserving: null, noBlockUntilMs: 0 }));
    return entry;
  }

  private takeFrom(entry: AccountBlocks, nowMs: number): CountedUnit | null {
    const current = entry.current;
    if (!current) return null;
    if (current.block.take(nowMs)) return this.unitOf(current.block, current.lease);
    void this.retire(entry);
    return null;
  }

  private async reserve(entry: AccountBlocks, accountId: string, periodStart: Date, limit: number, units: number): Promise<void> {
    const nowMs = this.clock.nowMs();
    const lease: BlockLease = {
      id: randomUUID(),
      accountId,
      periodStart,
      units,
      expiresAt: new Date(nowMs + BLOCK_HAND_OUT_MS + this.config.renderTimeoutMs + BLOCK_SLACK_MS),
    };
    // Room for twice the block: the period's last units go one by one, so a block rarely holds what another instance needs.
    const reserved = await this.repository.reserve(lease, limit - units).catch((error: unknown) => {
      this.logger.warn(`Reserving a block of ${units} units failed; counting units one by one: ${(error as Error).message}`);
      return false;
    });
    if (!reserved) {
      entry.noBlockUntilMs = nowMs + BLOCK_HAND_OUT_MS;
      return;
    }
    const block = new QuotaBlock(lease.id, accountId, periodStart, units, nowMs + BLOCK_HAND_OUT_MS, lease.expiresAt);
    entry.current = { block, lease };
    setTimeout(() => {
      if (entry.current?.block === block) void this.retire(entry);
    }, BLOCK_HAND_OUT_MS).unref();
  }

  /** The current block stops handing out and gives its free units back (settled at once when nothing is in flight). */
  private retire(entry: AccountBlocks): Promise<void> {
    const current = entry.current;
    if (!current) return Promise.resolve();
    entry.current = null;
    const rest = current.block.close();
    const done = current.block.isDone ? this.repository.settle(current.block.id) : this.repository.close(current.lease, rest);
    return this.track(done, "Giving back a block's free units failed (its lease's expiry will)");
  }

  /** Keeps `work` until it ends (shutdown waits for it); a failure is logged, never thrown. */
  private async track(work: Promise<unknown>, failure: string): Promise<void> {
    const tracked = settle(work);
    this.retiring.add(tracked);
    const outcome = await tracked;
    this.retiring.delete(tracked);
    if (!outcome.ok) this.logger.warn(`${failure}: ${(outcome.error as Error).message}`);
  }

  private settleIfDone(block: QuotaBlock): void {
    if (!block.isDone) return;
    void this.track(this.repository.settle(block.id), "Settling a block failed (its lease's expiry will)");
  }

  private unitOf(block: QuotaBlock, lease: BlockLease): CountedUnit {
    const useId = randomUUID();
    const untilMs = lease.expiresAt.getTime();
    // Each way out moves the unit once, however often a refund runs.
    let out = false;
    const once = (move: () => void) => {
      if (out) return;
      out = true;
      move();
      this.settleIfDone(block);
    };
    const what = `a unit of ${lease.accountId} (block ${lease.id})`;
    return {
      commit: async (alongside, then) => {
        await this.repository.commitUse(lease, useId, alongside, then);
        once(() => block.landed());
      },
      // In memory: free again while the block hands out, or given back when it is settled.
      back: {
        what,
        store: 'memory',
        run: () => Promise.resolve(once(() => block.giveBack())),
        untilMs,
      },
      undo: {
        what,
        store: 'database',
        run: async () => {
          await this.repository.undoUse(useId);
          once(() => block.landed());
        },
        untilMs,
      },
    };
  }
}

const keyOf = (accountId: string, periodStart: Date) => `${accountId}|${periodStart.getTime()}`;
