import { Logger } from '@nestjs/common';
import { RefundRetrier } from './refund-retrier';

describe('RefundRetrier', () => {
  let retrier: RefundRetrier;

  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['error', 'warn', 'log']));

  beforeEach(() => {
    jest.useFakeTimers();
    retrier = new RefundRetrier();
  });

  afterEach(async () => {
    await retrier.onModuleDestroy();
    jest.useRealTimers();
  });

  /** A store that is down for the first `failures` calls, as Redis or the database while it is gone. */
  const storeDownFor = (failures: number) => {
    let calls = 0;
    return {
      run: jest.fn(() => (++calls <= failures ? Promise.reject(new Error('Connection is closed.')) : Promise.resolve())),
      calls: () => calls,
    };
  };

  it('gives back at once when the store answers, and never throws when it does not', async () => {
    const up = storeDownFor(0);
    const down = storeDownFor(3);
    await expect(
      retrier.settle([
        { what: 'a unit', store: 'database', run: up.run, untilMs: Date.now() + 60_000 },
        { what: 'a slot', store: 'rate-limits', run: down.run, untilMs: Date.now() + 60_000 },
      ]),
    ).resolves.toBeUndefined();
    expect(up.calls()).toBe(1);
    expect(retrier.waiting).toBe(1);
  });

  it('retries every second until the store is back, then stops', async () => {
    const down = storeDownFor(3);
    await retrier.settle([{ what: 'a unit', store: 'database', run: down.run, untilMs: Date.now() + 60_000 }]);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(down.calls()).toBe(3);
    expect(retrier.waiting).toBe(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(down.calls()).toBe(4);
    expect(retrier.waiting).toBe(0);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(down.calls()).toBe(4);
  });

  it('drops a refund once it no longer matters (the lease was reclaimed, the slot left the window)', async () => {
    const down = storeDownFor(100);
    await retrier.settle([{ what: 'a slot', store: 'rate-limits', run: down.run, untilMs: Date.now() + 2_500 }]);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(down.calls()).toBe(3);
    expect(retrier.waiting).toBe(0);
  });

  it('probes a store that is still down with one batch a round, and keeps giving back to the stores that are up', async () => {
    let databaseUp = false;
    const database = jest.fn(() => (databaseUp ? Promise.resolve() : Promise.reject(new Error('connect ECONNREFUSED'))));
    let redisCalls = 0;
    const redis = jest.fn(() => (++redisCalls <= 100 ? Promise.reject(new Error('Command timed out')) : Promise.resolve()));
    const until = Date.now() + 60_000;
    await retrier.settle(Array.from({ length: 100 }, (_, index) => ({ what: `unit ${index}`, store: 'database', run: database, untilMs: until })));
    await retrier.settle(Array.from({ length: 100 }, (_, index) => ({ what: `slot ${index}`, store: 'rate-limits', run: redis, untilMs: until })));
    expect(retrier.waiting).toBe(200);
    await jest.advanceTimersByTimeAsync(1_000);
    // The database is still down: one batch of 20 tried, not 100; Redis is back: all of its refunds went.
    expect(database).toHaveBeenCalledTimes(120);
    expect(retrier.waiting).toBe(100);
    databaseUp = true;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(retrier.waiting).toBe(0);
  });
});
