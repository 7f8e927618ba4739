export interface SlotDecision {
  allowed: boolean;
  /** Counted requests in the window, including this one when allowed. */
  count: number;
  /** When the oldest counted request leaves the window (ms since epoch), or null when the window is empty. */
  oldestExpiresAtMs: number | null;
}

/**
 * A sliding log per key: at most `limit` entries in any `windowMs` span. `acquire` is atomic
 * (check and add in one step) and `release` removes an entry for a request that turned out not to count.
 */
export abstract class RateLimitStore {
  abstract acquire(key: string, entryId: string, limit: number, windowMs: number, nowMs: number): Promise<SlotDecision>;
  abstract release(key: string, entryId: string): Promise<void>;
  /** Throws when the backing store cannot be reached (readiness). */
  abstract ping(): Promise<void>;
  abstract peek(key: string, windowMs: number, nowMs: number): Promise<{ count: number; oldestExpiresAtMs: number | null }>;
}
