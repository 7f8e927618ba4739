/**
 * The jobs' queue as readiness sees it (present with REDIS_URL): the jobs module provides it, so health names no
 * queue engine and a process without Redis never loads one.
 */
export abstract class QueueProbe {
  /** Resolves when the queue's Redis answers. */
  abstract ping(): Promise<void>;
}
