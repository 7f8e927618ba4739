import type { TransactionBody } from '../database/sql-transaction';
import type { Admission } from './admission';

/**
 * A monthly unit counted ahead for one job row, inside the transaction that claims the row (the previous row's
 * record), so that the row's render is admitted without a transaction of its own: on MariaDB that one cost a row
 * ~1 ms of round trips (BEGIN, two statements, COMMIT) while its render thread waited. Once the claiming transaction
 * has committed, exactly one of `take()` (the row draws: an admission committed or refunded like any other) and
 * `release()` (it does not: a cache hit, a joined drawing, a refused row, shutdown) settles it. Both are exact however
 * they are misused: the unit's lease row decides (a release of a lease that is not there gives nothing back, a commit
 * of one charges the unit). A process that dies holding one leaves a lease that expires and is reclaimed. A unit
 * taken late would have a lease expiring before its render's budget ends: `admission` refuses it then (null), the
 * row is admitted as any render is, and this unit is released.
 */
export class PrepaidUnit {
  private counted = false;
  private settled = false;

  constructor(
    /** Counts the unit (false: the period had no room or no counter row yet, and nothing was counted). */
    private readonly count: TransactionBody<boolean>,
    /** The row's admission; null when the unit is too old to be taken (see BillingService.prepay). */
    private readonly admission: () => Admission | null,
    private readonly giveBack: () => Promise<void>,
  ) {}

  /** For the claiming transaction, after its claim. */
  body(): TransactionBody<void> {
    const count = this.count;
    const noteCounted = (counted: boolean) => (this.counted = counted);
    return function* () {
      noteCounted(yield* count());
    };
  }

  /** Whether the claiming transaction counted it (to be trusted once that transaction committed). */
  get isCounted(): boolean {
    return this.counted;
  }

  /** The row's admission, once; null when nothing was counted or it is too late (the row is admitted as any render is). */
  take(): Admission | null {
    if (!this.counted || this.settled) return null;
    const admission = this.admission();
    this.settled = admission !== null;
    return admission;
  }

  /** Gives the unit back unless the row took it. Never throws (see RefundRetrier). */
  async release(): Promise<void> {
    if (!this.counted || this.settled) return;
    this.settled = true;
    await this.giveBack();
  }
}
