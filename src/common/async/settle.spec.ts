import { settle } from './settle';

describe('settle', () => {
  it('turns a rejection that happens before anyone awaits into a value, with no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const failing = settle(Promise.reject(new Error('refused')));
      const slow = settle(new Promise<number>((resolve) => setTimeout(() => resolve(1), 20)));
      // Awaited in order: the rejection happened long before it is looked at.
      expect(await slow).toEqual({ ok: true, value: 1 });
      await new Promise((resolve) => setImmediate(resolve));
      const outcome = await failing;
      expect(outcome.ok).toBe(false);
      expect(outcome.ok === false && (outcome.error as Error).message).toBe('refused');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});
