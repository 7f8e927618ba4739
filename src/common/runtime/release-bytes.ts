import { isArrayBuffer } from 'node:util/types';

/**
 * Gives the memory behind `bytes` back at once instead of when V8 collects their buffer: the buffer is detached
 * (length 0 from here on) by moving its store into a clone nobody keeps, which the next young collection frees.
 * Only for bytes nothing reads any more; a view of part of a buffer (small Buffers share a pool) is left alone.
 *
 * Why: a drawn image arrives from its render thread as a new buffer malloc'd by the main thread (~50 KB a card).
 * One that outlives a young collection waits for a full one, which V8 times by its JS heap's growth, blind to this
 * memory: after 2,500 script cards the main thread's malloc heap held 77 MB, 19 MB with this (docs/performance.md).
 */
export function releaseBytes(bytes: Uint8Array): void {
  const { buffer } = bytes;
  // isArrayBuffer, not instanceof: the bytes come from the render thread's message, whatever realm the caller runs in.
  if (!isArrayBuffer(buffer) || bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return;
  try {
    structuredClone(buffer, { transfer: [buffer] });
  } catch {
    // A buffer that cannot be transferred (memory a native addon owns) is freed by the collector, as before.
  }
}
