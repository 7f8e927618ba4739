import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { FontCollectionLock, FontCollectionLockShare } from './font-collection-lock';

const LEASE_MS = 1_000;
const LINGER_MS = 100;

/** A thread running `body` with `workerData`, `parentPort` and the FontCollectionLock class in scope. */
function lockThread(body: string, workerData: Record<string, unknown>): Worker {
  return new Worker(
    `require('ts-node/register/transpile-only');
     const { workerData, parentPort } = require('node:worker_threads');
     const { FontCollectionLock } = require(workerData.module);
     ${body}`,
    { eval: true, workerData: { module: join(__dirname, 'font-collection-lock.ts'), ...workerData } },
  );
}

/**
 * Another thread that takes the lock on `share` as a reader or writer, says so, and holds it until told to
 * let go; then it lingers, marks `marks[0] = 1` and only then lets go. Whoever the lock kept waiting sees the mark.
 */
function otherThread(share: FontCollectionLockShare, mode: 'read' | 'write') {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const marks = new Int32Array(new SharedArrayBuffer(4));
  const worker = lockThread(
    `const lock = new FontCollectionLock(workerData.share);
     const hold = () => {
       parentPort.postMessage('holding');
       Atomics.wait(workerData.signal, 0, 0);
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${LINGER_MS});
       Atomics.store(workerData.marks, 0, 1);
     };
     if (workerData.mode === 'read') { const release = lock.read(); hold(); release(); } else lock.write(hold);`,
    { share, mode, signal, marks },
  );
  const holding = new Promise<void>((resolve) => worker.once('message', () => resolve()));
  return {
    holding,
    marked: () => Atomics.load(marks, 0),
    letGo: () => {
      Atomics.store(signal, 0, 1);
      Atomics.notify(signal, 0);
    },
    end: () => worker.terminate(),
  };
}

/**
 * Takes the lock on `share` as a writer in another thread and resolves to how long it waited and when it got in, or
 * rejects after `giveUpMs`: a writer the lock never let in would otherwise hang this thread for good (Atomics.wait).
 */
async function timedWriteElsewhere(share: FontCollectionLockShare, giveUpMs: number): Promise<{ waitedMs: number; inAt: number }> {
  const worker = lockThread(
    `const started = Date.now();
     new FontCollectionLock(workerData.share).write(() => undefined);
     parentPort.postMessage({ waitedMs: Date.now() - started, inAt: Date.now() });`,
    { share },
  );
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      new Promise<{ waitedMs: number; inAt: number }>((resolve) => worker.once('message', resolve)),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the writer was not let in within ${giveUpMs} ms`)), giveUpMs))),
    ]);
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}

describe('FontCollectionLock', () => {
  it('answers the value of a change made as the writer, and of a look taken as a reader', () => {
    const lock = FontCollectionLock.create(LEASE_MS);
    expect(lock.write(() => 'registered')).toBe('registered');
    expect(lock.reading(() => 'looked')).toBe('looked');
  });

  it('keeps a writer out until the reader in another thread has let go', async () => {
    const lock = FontCollectionLock.create(LEASE_MS);
    const reader = otherThread(lock.shared(), 'read');
    await reader.holding;
    reader.letGo();
    // Without the lock the change would run at once, before the reader's mark.
    expect(lock.write(() => reader.marked())).toBe(1);
    await reader.end();
  });

  it('keeps a reader out while another thread registers', async () => {
    const lock = FontCollectionLock.create(LEASE_MS);
    const writer = otherThread(lock.shared(), 'write');
    await writer.holding;
    writer.letGo();
    expect(lock.reading(() => writer.marked())).toBe(1);
    await writer.end();
  });

  it('lets readers in together', async () => {
    const lock = FontCollectionLock.create(LEASE_MS);
    const reader = otherThread(lock.shared(), 'read');
    await reader.holding;
    // Taken at once while the other thread still reads (it has not been told to let go); a reader kept waiting
    // would only get in by clearing the other's hold at the lease.
    const started = Date.now();
    expect(lock.reading(() => reader.marked())).toBe(0);
    expect(Date.now() - started).toBeLessThan(LEASE_MS / 2);
    reader.letGo();
    await reader.end();
  });

  it('frees at once the places of a thread the pool has destroyed', () => {
    const lock = FontCollectionLock.create(LEASE_MS);
    const destroyed = new FontCollectionLock(lock.shared(), Date.now, 41);
    destroyed.read(); // never given back: the thread was terminated while drawing
    lock.releaseThread(41);
    const started = Date.now();
    lock.write(() => undefined);
    // Not the lease: a writer that had to wait for it would take a whole second.
    expect(Date.now() - started).toBeLessThan(LEASE_MS / 2);
  });

  it('clears a hold older than the lease (a dead thread the pool did not report)', async () => {
    const lock = FontCollectionLock.create(LEASE_MS);
    const longAgo = new FontCollectionLock(lock.shared(), () => Date.now() - 2 * LEASE_MS, 42);
    longAgo.read();
    // Writers in another thread, given up on after a few leases: a lock that never clears the hold fails here, not hangs.
    expect((await timedWriteElsewhere(lock.shared(), 4 * LEASE_MS)).waitedMs).toBeLessThan(LEASE_MS / 2);
    // A live hold is waited for, up to the lease (counted from when it was taken: the thread takes a while to start).
    const recent = new FontCollectionLock(lock.shared(), Date.now, 43);
    const heldAt = Date.now();
    recent.read();
    expect((await timedWriteElsewhere(lock.shared(), 4 * LEASE_MS)).inAt - heldAt).toBeGreaterThanOrEqual(LEASE_MS - 50);
  });
});
