import { Clock } from '../common/clock/clock';
import type { QuotaCounterRepository } from './quota-counter.repository';
import { LEASE_SWEEP_INTERVAL_MS, QuotaLeaseReclaimer } from './quota-lease-reclaimer';

describe('QuotaLeaseReclaimer', () => {
  afterEach(() => jest.useRealTimers());

  it('sweeps at start-up and then every interval, with the clock’s time, until the module stops', async () => {
    jest.useFakeTimers();
    const sweptAt: Date[] = [];
    const quota = { reclaimExpired: jest.fn((now: Date) => (sweptAt.push(now), Promise.resolve(0))) } as unknown as QuotaCounterRepository;
    const reclaimer = new QuotaLeaseReclaimer(quota, new Clock());
    await reclaimer.onApplicationBootstrap();
    expect(sweptAt).toHaveLength(1);
    // A lease that was still live at start-up expires later: only the periodic sweep gives its unit back.
    await jest.advanceTimersByTimeAsync(LEASE_SWEEP_INTERVAL_MS);
    expect(sweptAt).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(2 * LEASE_SWEEP_INTERVAL_MS);
    expect(sweptAt).toHaveLength(4);
    expect(sweptAt[3].getTime() - sweptAt[1].getTime()).toBe(2 * LEASE_SWEEP_INTERVAL_MS);
    await reclaimer.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(5 * LEASE_SWEEP_INTERVAL_MS);
    expect(sweptAt).toHaveLength(4);
  });

  it('runs one sweep at a time, and a failed sweep is logged, not thrown', async () => {
    let finish!: (count: number) => void;
    const reclaimExpired = jest
      .fn()
      .mockImplementationOnce(() => new Promise<number>((resolve) => (finish = resolve)))
      .mockImplementationOnce(() => Promise.reject(new Error('database gone')));
    const quota = { reclaimExpired } as unknown as QuotaCounterRepository;
    const reclaimer = new QuotaLeaseReclaimer(quota, new Clock());
    const first = reclaimer.sweep();
    const second = reclaimer.sweep();
    expect(second).toBe(first);
    finish(3);
    expect(await first).toBe(3);
    expect(await reclaimer.sweep()).toBe(0);
    expect(reclaimExpired).toHaveBeenCalledTimes(2);
  });
});
