import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Account } from '../accounts/entities/account.entity';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { BillingPeriod, billingPeriodAt } from './billing-period';
import type { CountedUnit } from './counted-unit';
import { QuotaBlocks } from './quota-blocks';
import { LimitExceededException, retryAfterSeconds } from '../limits/limit-exceeded.exception';
import { effectiveLimits, PlanLimits } from './plans';
import type { Admission } from './admission';
import { PrepaidUnit } from './prepaid-unit';
import { QuotaCounterRepository, QuotaLease } from './quota-counter.repository';
import { RateLimitStore } from '../limits/rate-limit-store';
import { Refund, RefundRetrier } from './refund-retrier';

export const RATE_WINDOW_MS = 60_000;
/** A unit's refund is retried this long at most; by then the lease has expired and the reclaimer gives it back anyway. */
const QUOTA_REFUND_RETRY_MS = 10 * 60_000;
/** Clocks of instances differ a little: a lease this close to expiry may already be reclaimed. */
const RECLAIM_MARGIN_MS = 2_000;
/**
 * A unit counted ahead admits its row's render only this soon after it was counted: its lease lasts RENDER_TIMEOUT
 * and this, so it outlives the render's budget, which starts at the take. A row that waited longer (its claim came
 * back late, the main thread was busy) is admitted as any render is, and its prepaid unit goes back.
 */
export const PREPAID_TAKE_MS = 500;

/**
 * How a render is admitted: `minuteSlot: false` counts the monthly unit only (job rows, §22: not the per-minute limit);
 * `units` (default 1) reserves that many monthly units at once, all or none (a document's pages, §21), with one minute slot.
 */
export interface AdmitOptions {
  minuteSlot?: boolean;
  units?: number;
}

const secondsUntil = (fromMs: number, toMs: number | null): number => (toMs === null ? 0 : Math.max(1, Math.ceil((toMs - fromMs) / 1000)));

/**
 * Plans, periods, quota and per-minute limits. Called at the cache miss, so cached answers and
 * refused requests never count; the monthly answer wins when both limits are exceeded.
 */
@Injectable()
export class BillingService {
  constructor(
    private readonly quota: QuotaCounterRepository,
    private readonly config: AppConfig,
    private readonly rateLimits: RateLimitStore,
    private readonly metrics: MetricsService,
    private readonly clock: Clock,
    private readonly refunds: RefundRetrier,
    private readonly blocks: QuotaBlocks,
  ) {}

  /** A unit for one job row, counted in the transaction that claims the row (see PrepaidUnit). */
  prepay(account: Account): PrepaidUnit {
    const nowMs = this.clock.nowMs();
    const lease: QuotaLease = {
      id: randomUUID(),
      accountId: account.id,
      periodStart: billingPeriodAt(account.createdAt, new Date(nowMs)).start,
      expiresAt: new Date(nowMs + PREPAID_TAKE_MS + this.config.renderTimeoutMs),
    };
    const unit = this.leasedUnit(account, lease);
    return new PrepaidUnit(
      this.quota.reserveBody(lease, effectiveLimits(account).monthly),
      () => (this.clock.nowMs() <= nowMs + PREPAID_TAKE_MS ? this.unitOnly(unit) : null),
      () => this.refunds.settle([unit.back]),
    );
  }

  async admit(account: Account, options: AdmitOptions = {}): Promise<Admission> {
    const nowMs = this.clock.nowMs();
    const limits = effectiveLimits(account);
    const period = billingPeriodAt(account.createdAt, new Date(nowMs));
    const units = options.units ?? 1;
    // A single unit with its minute slot (an interactive render) may come out of a block reserved for the account.
    const fromBlock = units === 1 && options.minuteSlot !== false ? await this.blocks.take(account.id, period.start, limits.monthly) : null;
    const unit = fromBlock ?? (await this.countUnits(account, limits, period, nowMs, units));
    if (options.minuteSlot === false) return this.unitOnly(unit);

    // The slot's removal is queued behind its ZADD on the same connection, so it also undoes one that
    // reached Redis although its answer was lost.
    const entryId = randomUUID();
    const slotBack: Refund = {
      what: `a minute slot of ${account.id}`,
      store: 'rate-limits',
      run: () => this.rateLimits.release(account.id, entryId),
      untilMs: Date.now() + RATE_WINDOW_MS,
    };
    const slot = await this.rateLimits.acquire(account.id, entryId, limits.perMinute, RATE_WINDOW_MS, nowMs).catch(async (error: unknown) => {
      // Redis went away after the unit was counted: the answer is a 503, and nothing stays counted. The
      // slot's removal goes to the Redis that just failed: the answer does not wait for it.
      await this.refunds.settle([unit.back]);
      void this.refunds.settle([slotBack]);
      throw error;
    });
    if (!slot.allowed) {
      await this.refunds.settle([unit.back]);
      this.metrics.limited.inc({ reason: 'rate_limited' });
      throw new LimitExceededException('rate_limited', `Rate limit of ${limits.perMinute} requests per minute exceeded`, {
        limit: limits.perMinute,
        retryAfter: retryAfterSeconds(nowMs, slot.oldestExpiresAtMs ?? nowMs + RATE_WINDOW_MS),
      });
    }

    const remaining = Math.max(0, limits.perMinute - slot.count);
    const reset = secondsUntil(nowMs, slot.oldestExpiresAtMs);
    const periodSeconds = Math.round((period.end.getTime() - period.start.getTime()) / 1000);
    const headers = {
      'RateLimit-Policy': `"minute";q=${limits.perMinute};w=60, "month";q=${limits.monthly};w=${periodSeconds}`,
      RateLimit: `"minute";r=${remaining};t=${reset}`,
      'X-RateLimit-Limit': String(limits.perMinute),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(reset),
    };
    return this.unitOnly(unit, headers, [slotBack]);
  }

  /** Counts `units` under their own lease; 429 quota_exceeded when the period has no room for all of them. */
  private async countUnits(account: Account, limits: PlanLimits, period: BillingPeriod, nowMs: number, units: number): Promise<CountedUnit> {
    // The lease lasts as long as a render may: a render past its budget is stopped and refunded anyway.
    const lease: QuotaLease = {
      id: randomUUID(),
      accountId: account.id,
      periodStart: period.start,
      expiresAt: new Date(nowMs + this.config.renderTimeoutMs),
      ...(units === 1 ? {} : { units }),
    };
    const unit = this.leasedUnit(account, lease);
    const reserve = () =>
      this.quota.reserve(lease, limits.monthly).catch((error: unknown) => {
        // The database went away: its COMMIT may still have landed (the answer was lost). Releasing the
        // lease by id undoes exactly that and nothing else, once the database answers again.
        void this.refunds.settle([unit.back]);
        throw error;
      });
    // Refused while a block (this instance's or another's) still holds free units: they come back first.
    if ((await reserve()) || (await this.blocks.waitForOthers(account.id, period.start, reserve))) return unit;

    const used = await this.quota.used(account.id, period.start);
    this.metrics.limited.inc({ reason: 'quota_exceeded' });
    // `remaining` is what is left: a document larger than it is refused whole, and the rest stays usable.
    const remaining = Math.max(0, limits.monthly - used);
    const message =
      units === 1
        ? `Monthly generation quota of ${limits.monthly} reached`
        : `This request needs ${units} generations; ${remaining} remain of the monthly quota of ${limits.monthly}`;
    throw new LimitExceededException('quota_exceeded', message, {
      limit: limits.monthly,
      used,
      remaining,
      retryAfter: retryAfterSeconds(nowMs, period.end.getTime()),
    });
  }

  /** A unit counted under its own lease: given back by releasing the lease (retried while the database is away). */
  private leasedUnit(account: Account, lease: QuotaLease): CountedUnit {
    const units = lease.units ?? 1;
    const back: Refund = {
      what: units === 1 ? `a unit of ${account.id}` : `${units} units of ${account.id}`,
      store: 'database',
      run: () => this.quota.release(lease),
      untilMs: Date.now() + QUOTA_REFUND_RETRY_MS,
    };
    return {
      commit: (alongside, then) => this.quota.commit(lease, alongside, then),
      back,
      undo: { ...back, run: () => this.quota.undoCommit(lease, () => this.clock.nowMs() < lease.expiresAt.getTime() - RECLAIM_MARGIN_MS) },
    };
  }

  /** An admission of a counted unit, with the minute slot's headers and refund when it took one. */
  private unitOnly(unit: CountedUnit, headers: Record<string, string> = {}, alsoBack: Refund[] = []): Admission {
    // A failed commit may have landed all the same (the database went away during COMMIT): its refund undoes it.
    let commitUnknown = false;
    return {
      headers,
      commit: (alongside, then) =>
        unit.commit(alongside, then).catch((error: unknown) => {
          commitUnknown = true;
          throw error;
        }),
      refund: () => this.refunds.settle([commitUnknown ? unit.undo : unit.back, ...alsoBack]),
    };
  }

  async usage(account: Account) {
    const nowMs = this.clock.nowMs();
    const limits = effectiveLimits(account);
    const period = billingPeriodAt(account.createdAt, new Date(nowMs));
    // Another instance's free units show as used for at most BLOCK_HAND_OUT_MS; this instance's own never do.
    const used = Math.max(0, (await this.quota.used(account.id, period.start)) - this.blocks.freeUnits(account.id, period.start));
    const window = await this.rateLimits.peek(account.id, RATE_WINDOW_MS, nowMs);
    return {
      plan: account.plan,
      period: { start: period.start.toISOString(), end: period.end.toISOString() },
      quota: { limit: limits.monthly, used, remaining: Math.max(0, limits.monthly - used) },
      rateLimit: {
        limit: limits.perMinute,
        remaining: Math.max(0, limits.perMinute - window.count),
        resetSeconds: secondsUntil(nowMs, window.oldestExpiresAtMs),
      },
    };
  }
}
