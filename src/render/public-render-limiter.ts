import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { RateLimitStore } from '../limits/rate-limit-store';
import { RefundRetrier } from '../billing/refund-retrier';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { LimitExceededException, retryAfterSeconds } from '../limits/limit-exceeded.exception';

const WINDOW_MS = 60_000;

/**
 * §19: an anonymous caller of GET /api/render may cause at most PUBLIC_RENDER_PER_MINUTE fresh
 * renders per rolling minute per client address, across instances (the same sliding-log store as
 * the per-account minute limit: Redis when configured). Checked when a render is about to be drawn,
 * so cached answers are never limited, and the slot is given back when the render is not counted
 * after all (the owner's 429, a failed drawing).
 */
@Injectable()
export class PublicRenderLimiter {
  constructor(
    private readonly config: AppConfig,
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
    private readonly refunds: RefundRetrier,
  ) {}

  /** Takes a slot for `clientAddress` (429 `rate_limited` when none is free); returns how to give it back. */
  async admit(clientAddress: string): Promise<() => Promise<void>> {
    const key = `public-render:${clientAddress}`;
    const entryId = randomBytes(9).toString('base64url');
    const now = this.clock.nowMs();
    const limit = this.config.publicRenderPerMinute;
    // Never throws (a Redis that is down gets it when it returns), like the owner's refund.
    const giveBack = () =>
      this.refunds.settle([
        { what: `a public slot of ${clientAddress}`, store: 'rate-limits', run: () => this.store.release(key, entryId), untilMs: Date.now() + WINDOW_MS },
      ]);
    const decision = await this.store.acquire(key, entryId, limit, WINDOW_MS, now).catch((error: unknown) => {
      // The removal goes to the Redis that just failed: the answer does not wait for it.
      void giveBack();
      throw error;
    });
    if (!decision.allowed) {
      const retryAfter = retryAfterSeconds(now, decision.oldestExpiresAtMs ?? now + WINDOW_MS);
      throw new LimitExceededException(
        'rate_limited',
        `At most ${limit} fresh anonymous renders per minute from one client address; retry in ${retryAfter} s`,
        { limit, retryAfter },
      );
    }
    return giveBack;
  }
}
