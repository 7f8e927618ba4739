/** Raised through a Deadline's signal when its time runs out. */
export class DeadlineExceededError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Timed out after ${timeoutMs} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * An abort signal that fires after `timeoutMs`, or when `parent` aborts, whichever comes first. Built on a plain
 * timer that the caller clears: `AbortSignal.any([AbortSignal.timeout(…), …])` holds its timeout signal only
 * weakly, and a garbage collection in between loses it (the fetch then never times out: under load, image
 * fetches that should end at 5 s ran until the 15 s render budget).
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onParentAbort?: () => void;

  constructor(
    readonly timeoutMs: number,
    private readonly parent?: AbortSignal,
  ) {
    this.timer = setTimeout(() => this.controller.abort(new DeadlineExceededError(timeoutMs)), timeoutMs);
    if (parent?.aborted) this.controller.abort(parent.reason);
    else if (parent) {
      this.onParentAbort = () => this.controller.abort(parent.reason);
      parent.addEventListener('abort', this.onParentAbort, { once: true });
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the time ran out (as opposed to the parent aborting). */
  get expired(): boolean {
    return this.controller.signal.reason instanceof DeadlineExceededError;
  }

  clear(): void {
    clearTimeout(this.timer);
    if (this.onParentAbort) this.parent?.removeEventListener('abort', this.onParentAbort);
  }
}
