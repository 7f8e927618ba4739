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

  constructor(readonly budgetMs: number) {
    this.timer = setTimeout(() => this.controller.abort(new RenderBudgetExceededError(budgetMs)), budgetMs);
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get exceeded(): boolean {
    return this.controller.signal.aborted;
  }

  /** Settles with `work`, or rejects with RenderBudgetExceededError at the deadline, whichever comes first. */
  race<T>(work: Promise<T>): Promise<T> {
    const signal = this.controller.signal;
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(signal.aborted ? (signal.reason as Error) : (error as Error));
        },
      );
    });
  }

  finish(): void {
    clearTimeout(this.timer);
  }
}
