/** Raised when a render's budget (RENDER_TIMEOUT) runs out before its image is stored. */
export class RenderBudgetExceededError extends Error {
  constructor(readonly budgetMs: number) {
    super(`Render exceeded its budget of ${budgetMs} ms`);
    this.name = 'RenderBudgetExceededError';
  }
}

/**
 * One render's deadline. Its signal stops whatever the render is doing (the image fetches and the
 * drawing worker); `race` makes any other step answer at the deadline instead of when it finishes.
 * One timer per render; `finish()` clears it so a completed render leaves nothing scheduled.
 */
export class RenderBudget {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  /** Rejects at the deadline; every race shares it (one listener per render, not one per step). */
  private readonly deadline: Promise<never>;

  constructor(readonly budgetMs: number) {
    let expire!: (error: Error) => void;
    this.deadline = new Promise<never>((_, reject) => (expire = reject));
    // Never unhandled: a budget that expires with no race waiting is not an error by itself.
    this.deadline.catch(() => undefined);
    this.timer = setTimeout(() => {
      const error = new RenderBudgetExceededError(budgetMs);
      this.controller.abort(error);
      expire(error);
    }, budgetMs);
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get exceeded(): boolean {
    return this.controller.signal.aborted;
  }

  /**
   * Settles with `work`, or rejects with RenderBudgetExceededError at the deadline, whichever comes
   * first. Work that fails because the budget aborted it reports the overrun, not its own error.
   */
  race<T>(work: Promise<T>): Promise<T> {
    const signal = this.controller.signal;
    return Promise.race([
      work.catch((error: unknown) => {
        throw signal.aborted ? (signal.reason as Error) : error;
      }),
      this.deadline,
    ]);
  }

  finish(): void {
    clearTimeout(this.timer);
  }
}
