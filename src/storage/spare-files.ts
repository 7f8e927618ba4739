import { close, open } from 'node:fs';
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { settle, type SettledPromise } from '../common/async/settle';

/** Empty files kept ready: enough for the images a burst of drawings returns at once. */
const SPARES = 8;
/** A spare this old belongs to a process that died (a live one replaces its spares as it uses them): removed at start. */
export const STALE_SPARE_MS = 60 * 60_000;

/** A spare: an empty file, and a descriptor open for writing it (the taker writes, closes and renames it). */
export interface Spare {
  path: string;
  descriptor: number;
}

/**
 * Empty files created ahead of need in libuv's thread pool, and kept open, for LocalImageStorage to write an
 * image into and rename into place (no open on the event loop: under a job's load an open and close of the
 * empty file cost the main thread 0.35 ms). Creating a file (a new inode) blocked the event loop 0.4–0.9 ms on this
 * project's disks, writing into an existing empty one 0.03 ms (docs/performance.md, issue 29): with the
 * creation moved here, the event loop no longer waits for it while render threads wait for the event loop.
 * The folder sits inside the images folder, so a rename out of it stays on one filesystem (atomic).
 */
export class SpareFiles {
  private readonly ready: Spare[] = [];
  private readonly creating = new Set<SettledPromise<unknown>>();
  private created = 0;
  private prepared: Promise<void> | null = null;
  private closed = false;

  /** `processTag`: unique per process, so processes sharing the folder (server and `npm run worker`) never take each other's spares. */
  constructor(
    readonly directory: string,
    private readonly processTag: string,
  ) {}

  /** How many spares are ready to take now (made and closed). */
  available(): number {
    return this.ready.length;
  }

  /** A ready empty file and its descriptor (the caller owns both from now on), or null when none is ready yet; starts refilling either way. */
  take(): Spare | null {
    if (this.closed) return null;
    const spare = this.ready.pop() ?? null;
    this.refill();
    return spare;
  }

  /** Removes the spares not taken (at shutdown): a process leaves none behind unless it is killed. */
  async close(): Promise<void> {
    this.closed = true;
    await this.prepared?.catch(() => undefined);
    await Promise.all([...this.creating]);
    await Promise.all(this.ready.splice(0).map((spare) => discard(spare)));
  }

  private refill(): void {
    this.prepared ??= this.prepare();
    while (!this.closed && this.ready.length + this.creating.size < SPARES) {
      const path = join(this.directory, `${this.processTag}-${++this.created}`);
      // A spare that could not be made (a full disk, a folder removed under us) is simply missing: puts take the ordinary path.
      const creation = settle(
        this.prepared
          .then(() => createEmpty(path))
          .then((descriptor) => {
            if (this.closed) return discard({ path, descriptor });
            this.ready.push({ path, descriptor });
          }),
      );
      void creation.then(() => this.creating.delete(creation));
      this.creating.add(creation);
    }
  }

  /** The folder, and no spares of dead processes left in it. */
  private async prepare(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const cutoff = Date.now() - STALE_SPARE_MS;
    for (const name of await readdir(this.directory).catch(() => [] as string[])) {
      if (name.startsWith(this.processTag)) continue;
      const path = join(this.directory, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < cutoff) await unlink(path).catch(() => undefined);
    }
  }
}

/** An empty new file, open for writing: a plain thread-pool call (fs.promises' file handles cost the event loop more per file). */
function createEmpty(path: string): Promise<number> {
  return new Promise((resolve, reject) => open(path, 'wx', (error, descriptor) => (error ? reject(error) : resolve(descriptor))));
}

/** A spare not used: closed and removed. */
function discard(spare: Spare): Promise<void> {
  return new Promise<void>((resolve) => close(spare.descriptor, () => resolve())).then(() => unlink(spare.path).catch(() => undefined));
}
