import type { SqlStatement } from '../database/sql';
import type { TransactionBody } from '../database/sql-transaction';

/**
 * A counted render: its rate-limit headers; `commit()` once the image is stored, or `refund()` to give
 * the unit and the minute slot back. Neither called (the process died): the unit's lease expires after
 * RENDER_TIMEOUT and is reclaimed.
 */
export interface Admission {
  headers: Record<string, string>;
  /** `alongside`, `then`: statements and a body that must commit with the unit (see QuotaCounterRepository.commit). */
  commit(alongside?: readonly SqlStatement[], then?: TransactionBody<void>): Promise<void>;
  /** Never throws: a store that is down gets the refund when it returns (RefundRetrier). */
  refund(): Promise<void>;
}
