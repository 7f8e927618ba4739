import { lowerRenderThreadPriority } from './thread-priority';

describe('lowerRenderThreadPriority', () => {
  it('leaves the priority alone where niceness is the whole process’s (not Linux)', () => {
    expect(lowerRenderThreadPriority('darwin')).toBe(false);
    expect(lowerRenderThreadPriority('win32')).toBe(false);
  });
});
