import { Clock } from '../common/clock/clock';
import type { QuotaBlockRepository } from './quota-block.repository';
import type { QuotaCounterRepository } from './quota-counter.repository';
import { LEASE_SWEEP_INTERVAL_MS, QuotaLeaseReclaimer } from './quota-lease-reclaimer';

describe('QuotaLeaseReclaimer', () => {
  afterEach(() => jest.useRealTimers());

  it('sweeps at start-up and then every interval, with the clock’s time, until the module stops', async () => {
    jest.useFakeTimers();
    const sweptAt: Date[] = [];
    const quota = { reclaimExpired: jest.fn((now: Date) => (sweptAt.push(now), Promise.resolve(0))) } as unknown as QuotaCounterRepository;
    const blocks = { reclaimExpired: jest.fn((now: Date) => (sweptAt.push(now), Promise.resolve(0))) } as unknown as QuotaBlockRepository;
    const reclaimer = new QuotaLeaseReclaimer(quota, blocks, new Clock());
    await reclaimer.onApplicationBootstrap();
    // Leases and reserved blocks, each swept with the same instant.
    expect(sweptAt).toHaveLength(2);
    expect(sweptAt[1]).toBe(sweptAt[0]);
    sweptAt.splice(1, 1);
    (quota.reclaimExpired as jest.Mock).mockImplementation((now: Date) => (sweptAt.push(now), Promise.resolve(0)));
    (blocks.reclaimExpired as jest.Mock).mockImplementation(() => Promise.resolve(0));
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
    // A dead instance's block gave back 5 units: they count with the leases' 3.
    const blocks = { reclaimExpired: jest.fn().mockResolvedValueOnce(5).mockResolvedValue(0) } as unknown as QuotaBlockRepository;
    const reclaimer = new QuotaLeaseReclaimer(quota, blocks, new Clock());
    const first = reclaimer.sweep();
    const second = reclaimer.sweep();
    expect(second).toBe(first);
    finish(3);
    expect(await first).toBe(8);
    expect(await reclaimer.sweep()).toBe(0);
    expect(reclaimExpired).toHaveBeenCalledTimes(2);
  });
});
