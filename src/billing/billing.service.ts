import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Account } from '../accounts/entities/account.entity';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { billingPeriodAt } from './billing-period';
import { LimitExceededException, retryAfterSeconds } from '../limits/limit-exceeded.exception';
import { effectiveLimits } from './plans';
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
    const unitBack = this.unitBack(account, lease);
    return new PrepaidUnit(
      this.quota.reserveBody(lease, effectiveLimits(account).monthly),
      () => (this.clock.nowMs() <= nowMs + PREPAID_TAKE_MS ? this.unitOnly(lease, unitBack) : null),
      () => this.refunds.settle([unitBack]),
    );
  }

  async admit(account: Account, options: AdmitOptions = {}): Promise<Admission> {
    const nowMs = this.clock.nowMs();
    const now = new Date(nowMs);
    const limits = effectiveLimits(account);
    const period = billingPeriodAt(account.createdAt, now);

    const entryId = randomUUID();
    // The lease lasts as long as a render may: a render past its budget is stopped and refunded anyway.
    const units = options.units ?? 1;
    const lease: QuotaLease = {
      id: entryId,
      accountId: account.id,
      periodStart: period.start,
      expiresAt: new Date(nowMs + this.config.renderTimeoutMs),
      ...(units === 1 ? {} : { units }),
    };
    const unitBack = this.unitBack(account, lease);
    const reserved = await this.quota.reserve(lease, limits.monthly).catch((error: unknown) => {
      // The database went away: its COMMIT may still have landed (the answer was lost). Releasing the
      // lease by id undoes exactly that and nothing else, once the database answers again.
      void this.refunds.settle([unitBack]);
      throw error;
    });
    if (!reserved) {
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

    if (options.minuteSlot === false) return this.unitOnly(lease, unitBack);

    // The slot's removal is queued behind its ZADD on the same connection, so it also undoes one that
    // reached Redis although its answer was lost.
    const slotBack: Refund = {
      what: `a minute slot of ${account.id}`,
      store: 'rate-limits',
      run: () => this.rateLimits.release(account.id, entryId),
      untilMs: Date.now() + RATE_WINDOW_MS,
    };
    const slot = await this.rateLimits.acquire(account.id, entryId, limits.perMinute, RATE_WINDOW_MS, nowMs).catch(async (error: unknown) => {
      // Redis went away after the unit was counted: the answer is a 503, and nothing stays counted. The
      // slot's removal goes to the Redis that just failed: the answer does not wait for it.
      await this.refunds.settle([unitBack]);
      void this.refunds.settle([slotBack]);
      throw error;
    });
    if (!slot.allowed) {
      await this.refunds.settle([unitBack]);
      this.metrics.limited.inc({ reason: 'rate_limited' });
      throw new LimitExceededException('rate_limited', `Rate limit of ${limits.perMinute} requests per minute exceeded`, {
        limit: limits.perMinute,
        retryAfter: retryAfterSeconds(nowMs, slot.oldestExpiresAtMs ?? nowMs + RATE_WINDOW_MS),
      });
    }

    // A failed commit may have landed all the same (the database went away during COMMIT): its refund undoes it.
    let commitUnknown = false;
    const undoBack: Refund = {
      ...unitBack,
      run: () => this.quota.undoCommit(lease, () => this.clock.nowMs() < lease.expiresAt.getTime() - RECLAIM_MARGIN_MS),
    };
    const remaining = Math.max(0, limits.perMinute - slot.count);
    const reset = secondsUntil(nowMs, slot.oldestExpiresAtMs);
    const periodSeconds = Math.round((period.end.getTime() - period.start.getTime()) / 1000);
    return {
      headers: {
        'RateLimit-Policy': `"minute";q=${limits.perMinute};w=60, "month";q=${limits.monthly};w=${periodSeconds}`,
        RateLimit: `"minute";r=${remaining};t=${reset}`,
        'X-RateLimit-Limit': String(limits.perMinute),
        'X-RateLimit-Remaining': String(remaining),
        'X-RateLimit-Reset': String(reset),
      },
      commit: (alongside, then) =>
        this.quota.commit(lease, alongside, then).catch((error: unknown) => {
          commitUnknown = true;
          throw error;
        }),
      refund: () => this.refunds.settle([commitUnknown ? undoBack : unitBack, slotBack]),
    };
  }

  /** Gives the lease's units back (retried while the database is away). */
  private unitBack(account: Account, lease: QuotaLease): Refund {
    const units = lease.units ?? 1;
    return {
      what: units === 1 ? `a unit of ${account.id}` : `${units} units of ${account.id}`,
      store: 'database',
      run: () => this.quota.release(lease),
      untilMs: Date.now() + QUOTA_REFUND_RETRY_MS,
    };
  }

  /** An admission holding the monthly unit alone: no minute slot to take or give back, no minute headers. */
  private unitOnly(lease: QuotaLease, unitBack: Refund): Admission {
    let commitUnknown = false;
    const undoBack: Refund = {
      ...unitBack,
      run: () => this.quota.undoCommit(lease, () => this.clock.nowMs() < lease.expiresAt.getTime() - RECLAIM_MARGIN_MS),
    };
    return {
      headers: {},
      commit: (alongside, then) =>
        this.quota.commit(lease, alongside, then).catch((error: unknown) => {
          commitUnknown = true;
          throw error;
        }),
      refund: () => this.refunds.settle([commitUnknown ? undoBack : unitBack]),
    };
  }

  async usage(account: Account) {
    const nowMs = this.clock.nowMs();
    const limits = effectiveLimits(account);
    const period = billingPeriodAt(account.createdAt, new Date(nowMs));
    const used = await this.quota.used(account.id, period.start);
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
