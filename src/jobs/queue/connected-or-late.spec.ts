import { connectedOrLate } from './connected-or-late';

describe('connectedOrLate', () => {
  it('returns once the target has connected, before the bound', async () => {
    let connect!: () => void;
    const target = { waitUntilReady: () => new Promise<void>((resolve) => (connect = resolve)) };
    let returned = false;
    const waiting = connectedOrLate(target, 60_000).then(() => (returned = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(returned).toBe(false);
    connect();
    await waiting;
    expect(returned).toBe(true);
  });

  it('returns after the bound when the target never connects (Redis down)', async () => {
    const started = Date.now();
    await connectedOrLate({ waitUntilReady: () => new Promise(() => undefined) }, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('does not throw when connecting fails', async () => {
    await expect(connectedOrLate({ waitUntilReady: () => Promise.reject(new Error('Connection is closed.')) }, 60_000)).resolves.toBeUndefined();
  });
});
