import { releaseBytes } from './release-bytes';

describe('releaseBytes', () => {
  it('detaches a buffer the bytes own whole, so its memory is not held until a full collection', () => {
    const bytes = new Uint8Array(64 * 1024).fill(7);
    releaseBytes(bytes);
    expect(bytes.byteLength).toBe(0);
    expect(bytes.buffer.byteLength).toBe(0);
  });

  it('leaves a view of part of a buffer alone: other views may read the rest', () => {
    const shared = new ArrayBuffer(1024);
    const part = new Uint8Array(shared, 0, 512);
    const rest = new Uint8Array(shared, 512, 512).fill(3);
    releaseBytes(part);
    expect(part.byteLength).toBe(512);
    expect(rest[0]).toBe(3);
  });

  it('leaves a pooled small Buffer alone', () => {
    const pooled = Buffer.from('a small image');
    releaseBytes(pooled);
    expect(pooled.toString()).toBe('a small image');
  });

  it('leaves shared memory alone', () => {
    const bytes = new Uint8Array(new SharedArrayBuffer(256));
    releaseBytes(bytes);
    expect(bytes.byteLength).toBe(256);
  });
});
