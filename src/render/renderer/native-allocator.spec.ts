import { configureNativeAllocator } from './native-allocator';

describe('configureNativeAllocator', () => {
  const original = process.env.MIMALLOC_PURGE_DELAY;
  afterEach(() => {
    if (original === undefined) delete process.env.MIMALLOC_PURGE_DELAY;
    else process.env.MIMALLOC_PURGE_DELAY = original;
  });

  it('asks mimalloc to return freed pages at once', () => {
    delete process.env.MIMALLOC_PURGE_DELAY;
    configureNativeAllocator();
    expect(process.env.MIMALLOC_PURGE_DELAY).toBe('0');
  });

  it("keeps an operator's own setting", () => {
    process.env.MIMALLOC_PURGE_DELAY = '250';
    configureNativeAllocator();
    expect(process.env.MIMALLOC_PURGE_DELAY).toBe('250');
  });
});
