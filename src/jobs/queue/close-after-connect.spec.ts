import type { Queue } from 'bullmq';
import type { AppConfig } from '../../config/app-config';
import type { MetricsService } from '../../metrics/metrics.service';
import { JobLaneWorker } from './job-lane.worker';
import { JobQueue } from './job-queue';

/** A BullMQ queue or worker stand-in that is still connecting until `connect()`; it records when it was closed. */
function connecting() {
  const events: string[] = [];
  let connect!: () => void;
  const ready = new Promise<void>((resolve) => (connect = resolve));
  return {
    events,
    connect: () => {
      events.push('connected');
      connect();
    },
    target: {
      on: () => undefined,
      waitUntilReady: () => ready,
      close: () => {
        events.push('closed');
        return Promise.resolve();
      },
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** BullMQ closed mid-connect ends the process (connected-or-late.ts): the queue and the worker close only once connected. */
describe('closing the job queue and the lane worker', () => {
  it('JobQueue lets its queue finish connecting before @nestjs/bullmq closes it', async () => {
    const queue = connecting();
    const jobQueue = new JobQueue(queue.target as unknown as Queue, {} as AppConfig, {} as MetricsService);
    let destroyed = false;
    const destroying = jobQueue.onModuleDestroy().then(() => (destroyed = true));
    await settle();
    expect(destroyed).toBe(false);
    queue.connect();
    await destroying;
    expect(destroyed).toBe(true);
  });

  it('JobLaneWorker closes its worker only after it has connected', async () => {
    const worker = connecting();
    const lanes = new JobLaneWorker(
      { renderTimeoutMs: 60_000 } as AppConfig,
      ...([null, null, null, null, null] as unknown as [never, never, never, never, never]),
    );
    (lanes as unknown as { worker: unknown }).worker = worker.target;
    const destroying = lanes.onModuleDestroy();
    await settle();
    expect(worker.events).toEqual([]);
    worker.connect();
    await destroying;
    expect(worker.events).toEqual(['connected', 'closed']);
  });
});
