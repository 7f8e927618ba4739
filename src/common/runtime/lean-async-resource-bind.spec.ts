import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { installLeanAsyncResourceBind } from './lean-async-resource-bind';

describe('installLeanAsyncResourceBind', () => {
  beforeAll(() => installLeanAsyncResourceBind());

  it('binds to the async context where the function was bound, as Node does', async () => {
    const storage = new AsyncLocalStorage<string>();
    const bound = storage.run('at bind', () => AsyncResource.bind(() => storage.getStore()));
    const seen = await storage.run('at call', () => new Promise((resolve) => setImmediate(() => resolve(bound()))));
    expect(seen).toBe('at bind');
  });

  it('keeps `this`, the arguments, the length and the answer; a given thisArg wins', () => {
    const resource = new AsyncResource('test');
    function add(this: { base: number }, a: number, b: number): number {
      return this.base + a + b;
    }
    const unbound = resource.bind(add as (...args: unknown[]) => unknown);
    expect(unbound.length).toBe(2);
    expect(unbound.call({ base: 10 }, 1, 2)).toBe(13);
    // @types/node leaves out the thisArg that Node's bind takes.
    const fixed = (resource.bind as (fn: unknown, thisArg: unknown) => (...args: unknown[]) => unknown)(add, { base: 100 });
    expect(fixed.call({ base: 10 }, 1, 2)).toBe(103);
  });

  it('no longer builds the deprecated asyncResource accessor per call (the cost it removes)', () => {
    const bound = new AsyncResource('test').bind(() => undefined);
    expect(Object.getOwnPropertyDescriptor(bound, 'asyncResource')).toBeUndefined();
  });

  it('refuses a function that is not one, as Node does', () => {
    expect(() => new AsyncResource('test').bind('nope' as never)).toThrow(TypeError);
  });
});
