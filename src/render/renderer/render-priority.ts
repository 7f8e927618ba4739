import { AsyncLocalStorage } from 'node:async_hooks';
import { ArrayTaskQueue, queueOptionsSymbol, type TaskQueue } from 'piscina';

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
  private readonly interactive = new ArrayTaskQueue();
  private readonly rows = new ArrayTaskQueue();

  get size(): number {
    return this.interactive.size + this.rows.size;
  }

  push(task: Task): void {
    this.laneOf(task).push(task);
  }

  shift(): Task | null {
    return this.interactive.shift() ?? this.rows.shift();
  }

  remove(task: Task): void {
    this.laneOf(task).remove(task);
  }

  private laneOf(task: Task): ArrayTaskQueue {
    const options = task[queueOptionsSymbol] as RenderQueueOptions | null;
    return options?.background ? this.rows : this.interactive;
  }
}
