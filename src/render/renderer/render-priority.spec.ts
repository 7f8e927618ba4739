import { queueOptionsSymbol } from 'piscina';
import { isBackgroundWork, PriorityTaskQueue, runInBackground } from './render-priority';

const task = (name: string, background: boolean) => ({ name, [queueOptionsSymbol]: background ? { background: true } : null });

describe('PriorityTaskQueue', () => {
  it('hands out every interactive drawing before any job row, each lane first come first served', () => {
    const queue = new PriorityTaskQueue();
    for (const entry of [task('row 1', true), task('row 2', true), task('generate 1', false), task('row 3', true), task('generate 2', false)])
      queue.push(entry);
    expect(queue.size).toBe(5);
    const order: string[] = [];
    for (let next = queue.shift(); next; next = queue.shift()) order.push((next as unknown as { name: string }).name);
    expect(order).toEqual(['generate 1', 'generate 2', 'row 1', 'row 2', 'row 3']);
    expect(queue.size).toBe(0);
  });

  it('removes a task from its own lane (an aborted drawing)', () => {
    const queue = new PriorityTaskQueue();
    const row = task('row', true);
    const generate = task('generate', false);
    queue.push(row);
    queue.push(generate);
    queue.remove(row);
    expect(queue.size).toBe(1);
    // A task whose option piscina has already dropped, or that is not queued at all, changes nothing.
    queue.remove(task('never queued', true));
    expect(queue.size).toBe(1);
    expect(queue.shift()).toBe(generate);
  });
});

describe('runInBackground', () => {
  it('marks the work inside it, across awaits, and nothing outside it', async () => {
    expect(isBackgroundWork()).toBe(false);
    const inside = await runInBackground(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return isBackgroundWork();
    });
    expect(inside).toBe(true);
    expect(isBackgroundWork()).toBe(false);
  });
});
