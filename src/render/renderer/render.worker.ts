// First: before any module loads @napi-rs/canvas, which would register every font installed on the host
// (~0.3–0.5 s at each thread's start, and host fonts drawing where only shipped ones may).
import '../../fonts/host-fonts-off';
import { workerData } from 'node:worker_threads';
import Piscina from 'piscina';
import { LocalWrite, writeLocally } from '../../storage/local-write';
import type { DrawJob, DrawResult } from './draw-job';
import { drawDocument, DocumentTask, isDocumentTask } from './draw-document';
import { drawTemplate, ensureFonts } from './draw-template';
import { FontCollectionLock, FontCollectionLockShare } from './font-collection-lock';
import { useFontCollectionLock } from './worker-fonts';

/** What the pool hands every worker it starts (render-pool.ts: renderWorkerData). */
export interface RenderWorkerData {
  fontCollectionLock: FontCollectionLockShare;
  /** Drawn once as the thread starts, before any task: see below. */
  warmUp?: DrawJob;
}

const data = workerData as RenderWorkerData | undefined;
// The pool hands the process's lock in; a pool started without one would leave its threads unguarded.
if (data?.fontCollectionLock) useFontCollectionLock(new FontCollectionLock(data.fontCollectionLock));
// Fonts load when the worker starts, not on its first job.
ensureFonts();

/** Hands the encoded bytes back by transfer (no copy); the warnings travel as a normal clone. */
class TransferredResult {
  constructor(private readonly result: DrawResult) {}

  get [Piscina.transferableSymbol](): ArrayBuffer[] {
    return [this.result.bytes.buffer];
  }

  get [Piscina.valueSymbol](): DrawResult {
    return this.result;
  }
}

/**
 * Writes the image where the store said, in this thread: the event loop then neither receives the bytes nor pays the
 * write and rename (~0.1–0.2 ms of main-thread CPU a render on a local disk). False, with nothing left, when it failed:
 * the bytes go back and the caller's `put` stores them or reports the store's error.
 */
function storedHere(bytes: Uint8Array, write: LocalWrite): boolean {
  try {
    writeLocally(bytes, write);
    return true;
  } catch {
    return false;
  }
}

/** One image, or a whole document whose pages arrive on the task's port (draw-document.ts). */
async function render(task: DrawJob | DocumentTask): Promise<unknown> {
  const result = isDocumentTask(task) ? { bytes: await drawDocument(task), warnings: [] } : await drawTemplate(task);
  const { bytes } = result;
  if (!isDocumentTask(task) && task.storeAt && storedHere(bytes, task.storeAt)) {
    return { ...result, bytes: new Uint8Array(0), storedBytes: bytes.byteLength } satisfies DrawResult;
  }
  // Only a buffer that owns its whole ArrayBuffer may be transferred (small Buffers share a pool).
  const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  return Piscina.move(new TransferredResult({ ...result, bytes: owned }) as never);
}

/**
 * A thread's first text drawing loads what text needs once (the coverage tables, the font resolver, the line breaker:
 * ~55–90 ms here), which its first render would otherwise wait for. The thread draws it as it starts, while the main
 * thread is still loading the application: piscina awaits a promised handler before it calls the thread ready. (Work
 * left running after load would stall instead: an idle piscina thread blocks in Atomics.wait until its next task.)
 */
export default data?.warmUp
  ? render(data.warmUp).then(
      () => render,
      () => render,
    )
  : render;
