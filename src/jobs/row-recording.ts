import type { PrepaidUnit, TemplateRenderOptions } from '../render/render.service';
import type { ClaimedItem, ItemOutcome, JobItemsRepository, NextClaim, RowRecord } from './job-items.repository';

/** The claim a row passes on to its account's next row, with that row's unit counted in the same transaction. */
export interface PassedClaim {
  claim: NextClaim;
  unit?: PrepaidUnit;
}

/** A row's record and, when its claim passed on, the next row's unit counted with it. */
export interface RecordedRow {
  record: RowRecord;
  nextUnit?: PrepaidUnit;
}

/**
 * How one row's outcome is written, with the claim it passes on (`passOn`: none once shutdown began). A row its render
 * drew is recorded inside the render's commit (one transaction less per row); any other outcome in one of its own.
 */
export class RowRecording {
  /** What the in-commit record did: trusted only when the render resolved (a failed commit rolled it back with it). */
  private inCommit: { record?: RowRecord; unit?: PrepaidUnit } = {};

  constructor(
    private readonly items: JobItemsRepository,
    private readonly item: ClaimedItem,
    private readonly passOn: () => PassedClaim | undefined,
  ) {}

  /** For the render's commit (TemplateRenderOptions.commitAlongside). */
  readonly alongside: NonNullable<TemplateRenderOptions['commitAlongside']> = ({ imageUrl, warnings }) => {
    const next = this.passOn();
    const inCommit: { record?: RowRecord; unit?: PrepaidUnit } = { unit: next?.unit };
    this.inCommit = inCommit;
    const body = this.items.recordBody(this.item, { status: 'succeeded', imageUrl, cached: false, warnings }, next?.claim);
    return function* () {
      inCommit.record = yield* body();
    };
  };

  /** The row's record: the one made inside its render's commit if the render resolved, else one of its own. */
  async finish(outcome: ItemOutcome): Promise<RecordedRow> {
    if (outcome.status === 'succeeded' && this.inCommit.record) return { record: this.inCommit.record, nextUnit: this.inCommit.unit };
    const next = this.passOn();
    if (!next) return { record: { recorded: await this.items.finish(this.item, outcome), next: null } };
    return { record: await this.items.finishAndClaimNext(this.item, outcome, next.claim), nextUnit: next.unit };
  }
}
