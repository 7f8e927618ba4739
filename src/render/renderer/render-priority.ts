import { AsyncLocalStorage } from 'node:async_hooks';
import { queueOptionsSymbol, type TaskQueue } from 'piscina';

type Task = Parameters<TaskQueue['push']>[0];

/** Marks the drawings started inside it as background work (job rows, §22): they wait behind interactive ones. */
const background = new AsyncLocalStorage<true>();

export function runInBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

/** The piscina queue option that sends a task to the background lane. */
export interface RenderQueueOptions {
  background: boolean;
}

/**
 * The render pool's waiting line in two lanes: an interactive drawing (POST /api/generate, a batch, a
 * preview) is always handed to the next free thread before any job row, so it waits at most for the
 * drawings already running, never behind a job's queued rows. Within a lane, first come first served.
 */
export class PriorityTaskQueue implements TaskQueue {
  private readonly interactive: Task[] = [];
  private readonly rows: Task[] = [];

  get size(): number {
    return this.interactive.length + this.rows.length;
  }

  push(task: Task): void {
    const options = task[queueOptionsSymbol] as RenderQueueOptions | null;
    (options?.background ? this.rows : this.interactive).push(task);
  }

  shift(): Task | null {
    return this.interactive.shift() ?? this.rows.shift() ?? null;
  }

  /**
   * An aborted task (its render budget ran out) leaves the line. Looked up in both lanes: piscina may already have
   * released the task's payload (and with it the queue option), and a task it no longer queues is not an error.
   */
  remove(task: Task): void {
    for (const lane of [this.interactive, this.rows]) {
      const index = lane.indexOf(task);
      if (index !== -1) {
        lane.splice(index, 1);
        return;
      }
    }
  }
}
