import type { SqlStatement } from '../database/sql';
import type { TransactionBody } from '../database/sql-transaction';
import type { Refund } from './refund-retrier';

/**
 * A monthly unit counted for one render, however it was counted (its own lease, or handed out of a reserved block):
 * `commit` spends it with the render's record; `back` gives it back before a commit; `undo` after a commit whose
 * outcome is unknown (the connection died around COMMIT). Both refunds are idempotent.
 */
export interface CountedUnit {
  commit(alongside?: readonly SqlStatement[], then?: TransactionBody<void>): Promise<void>;
  back: Refund;
  undo: Refund;
}
