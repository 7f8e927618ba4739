import { threadId as currentThreadId } from 'node:worker_threads';

/** Reader places: more than the 64 render threads a pool may have, plus the main thread. */
const SLOTS = 80;
const WRITER = 0;
/** How often a waiter looks again for a holder whose lease has run out. */
const POLL_MS = 20;
const THREAD_BITS = 20n;
const THREAD_MASK = (1n << THREAD_BITS) - 1n;

/** What crosses to a worker thread: the shared words and the lease every thread applies. */
export interface FontCollectionLockShare {
  buffer: SharedArrayBuffer;
  leaseMs: number;
}

/**
 * A readers–writer lock over the native font collection, shared by the threads of a process.
 *
 * @napi-rs/canvas keeps one font collection for the whole process, and Skia does not expect it to change
 * while another thread lays out or draws text: a font registered during someone else's drawing made
 * that drawing lose glyphs (ZWJ emoji, flags and variation-selector emoji came out blank; one thread
 * drawing while others registered account-like fonts: 1–3 of 8 inputs varied in each of three runs,
 * none with no registration). So a drawing with text is a reader and a registration is a writer; readers
 * never wait for each other.
 *
 * A render thread can be terminated (render budget) while it holds the lock. The pool frees what a
 * destroyed thread held (`releaseThread`); as a backstop, a hold older than the lease (longer than any
 * render may last) is taken as dead and cleared by the next waiter.
 *
 * Each word is 0 (free) or a ticket: the time taken in ms and the holder's thread id, so a waiter can tell
 * when it went stale and the pool can find a thread's holds.
 */
export class FontCollectionLock {
  private readonly words: BigInt64Array;

  constructor(
    private readonly share: FontCollectionLockShare,
    private readonly now: () => number = Date.now,
    private readonly threadId: number = currentThreadId,
  ) {
    this.words = new BigInt64Array(share.buffer);
  }

  static create(leaseMs: number): FontCollectionLock {
    return new FontCollectionLock({ buffer: new SharedArrayBuffer((1 + SLOTS) * 8), leaseMs });
  }

  shared(): FontCollectionLockShare {
    return this.share;
  }

  /** Takes a reader's place (waiting while a registration runs); call the answer to give it back. */
  read(): () => void {
    for (;;) {
      this.awaitNoWriter();
      const ticket = this.ticket();
      const slot = this.claimSlot(ticket);
      if (slot === -1) {
        Atomics.wait(this.words, WRITER, Atomics.load(this.words, WRITER), POLL_MS);
        continue;
      }
      // A writer that came between the check and the claim waits for this place: give it back first.
      if (Atomics.load(this.words, WRITER) === 0n) return () => this.free(slot, ticket);
      this.free(slot, ticket);
    }
  }

  /** Runs `look` as a reader. */
  reading<T>(look: () => T): T {
    const release = this.read();
    try {
      return look();
    } finally {
      release();
    }
  }

  /** Runs `change` with no reader and no other writer in the collection. Never call it while holding a read. */
  write<T>(change: () => T): T {
    const ticket = this.ticket();
    for (;;) {
      const writer = Atomics.compareExchange(this.words, WRITER, 0n, ticket);
      if (writer === 0n) break;
      this.waitOrClear(WRITER, writer);
    }
    try {
      for (let slot = 1; slot <= SLOTS; slot++) {
        for (let reader = Atomics.load(this.words, slot); reader !== 0n; reader = Atomics.load(this.words, slot)) {
          this.waitOrClear(slot, reader);
        }
      }
      return change();
    } finally {
      this.free(WRITER, ticket);
    }
  }

  /** Frees whatever a thread that no longer runs held. */
  releaseThread(threadId: number): void {
    const owner = BigInt(threadId + 1) & THREAD_MASK;
    for (let index = 0; index <= SLOTS; index++) {
      const held = Atomics.load(this.words, index);
      if (held !== 0n && (held & THREAD_MASK) === owner) this.free(index, held);
    }
  }

  private ticket(): bigint {
    return (BigInt(this.now()) << THREAD_BITS) | (BigInt(this.threadId + 1) & THREAD_MASK);
  }

  private awaitNoWriter(): void {
    for (let writer = Atomics.load(this.words, WRITER); writer !== 0n; writer = Atomics.load(this.words, WRITER)) {
      this.waitOrClear(WRITER, writer);
    }
  }

  private claimSlot(ticket: bigint): number {
    for (let offset = 0; offset < SLOTS; offset++) {
      const slot = 1 + ((this.threadId + offset) % SLOTS);
      if (Atomics.compareExchange(this.words, slot, 0n, ticket) === 0n) return slot;
    }
    return -1;
  }

  /** Waits for `held` to leave `index`, or clears it once it is older than the lease. */
  private waitOrClear(index: number, held: bigint): void {
    if (this.now() - Number(held >> THREAD_BITS) > this.share.leaseMs) this.free(index, held);
    else Atomics.wait(this.words, index, held, POLL_MS);
  }

  private free(index: number, held: bigint): void {
    Atomics.compareExchange(this.words, index, held, 0n);
    Atomics.notify(this.words, index);
  }
}

/** A backstop only: pools free a destroyed thread's holds at once. */
const DEFAULT_LEASE_MS = 60_000;
let processLock: FontCollectionLock | undefined;

/**
 * The process's lock: every pool hands it to its workers, and drawings in the main thread (tests, tools)
 * take it too, so all the threads that share the font collection share the lock. The first caller's
 * lease stays.
 */
export function processFontCollectionLock(leaseMs = DEFAULT_LEASE_MS): FontCollectionLock {
  processLock ??= FontCollectionLock.create(leaseMs);
  return processLock;
}
