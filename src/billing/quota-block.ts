/**
 * Units an instance counted ahead for one account in a single transaction and hands out from memory, so a fresh
 * render costs one write transaction (its commit) instead of two. Pure bookkeeping; QuotaBlocks does the I/O.
 *
 * Every unit of a block is in one of three places: `free` (counted, not handed out), in flight (handed to a render
 * that has neither committed nor given it back), or spent (its use row committed with the render). The database
 * holds the block's units and its use rows, so whoever settles the block (this instance, or any instance once it
 * expired after a kill -9) gives back exactly units − uses: what was never spent.
 */
export class QuotaBlock {
  private free: number;
  private inFlight = 0;
  private open = true;

  constructor(
    readonly id: string,
    readonly accountId: string,
    readonly periodStart: Date,
    readonly size: number,
    /** Hands out until then (ms since epoch): every unit's render ends well before the block's lease expires. */
    readonly handOutUntilMs: number,
    readonly expiresAt: Date,
  ) {
    this.free = size;
  }

  /** A unit for one render, or false when the block is closed, spent or past its hand-out time. */
  take(nowMs: number): boolean {
    if (!this.open || this.free === 0 || nowMs >= this.handOutUntilMs) return false;
    this.free--;
    this.inFlight++;
    return true;
  }

  /** The unit's render committed (or its commit's outcome was settled): it is no longer in flight. */
  landed(): void {
    this.inFlight--;
  }

  /** The unit's render failed before its commit: the unit is free again while the block still hands out. */
  giveBack(): void {
    this.inFlight--;
    if (this.open) this.free++;
  }

  /** Stops handing out; returns the free units, which the caller gives back to the account's counter. */
  close(): number {
    this.open = false;
    const rest = this.free;
    this.free = 0;
    return rest;
  }

  get isOpen(): boolean {
    return this.open;
  }

  get freeUnits(): number {
    return this.free;
  }

  /** Closed with nothing in flight: its rows can go (settled). */
  get isDone(): boolean {
    return !this.open && this.inFlight === 0;
  }
}

/** Admissions of one account over the last two windows: the next block's size follows the account's demand. */
export class DemandMeter {
  private windowStartMs = 0;
  private current = 0;
  private previous = 0;

  constructor(private readonly windowMs: number) {}

  /** Notes one admission at `nowMs`; returns the admissions seen in this window and the one before. */
  note(nowMs: number): number {
    const windows = Math.floor((nowMs - this.windowStartMs) / this.windowMs);
    if (windows >= 1) {
      this.previous = windows === 1 ? this.current : 0;
      this.current = 0;
      this.windowStartMs += windows * this.windowMs;
    }
    this.current++;
    return this.current + this.previous;
  }
}
