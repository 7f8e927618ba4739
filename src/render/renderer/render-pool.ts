import Piscina from 'piscina';
// Loaded here so libvips stays mapped for the life of the process: otherwise a worker thread's
// exit can unload it while another thread uses it (sharp issue #2263).
import 'sharp';
import { builtScript } from '../../common/runtime/built-script';
import type { AppConfig } from '../../config/app-config';
import { textLayerSchema } from '../../design/layers/text/text-layer.definition';
import type { DrawJob } from './draw-job';
import { processFontCollectionLock, type FontCollectionLockShare } from './font-collection-lock';
import { configureNativeAllocator } from './native-allocator';
import { PriorityTaskQueue } from './render-priority';
import { configureRenderThreadHeap } from './render-thread-heap';
import type { RenderWorkerData } from './render.worker';

/** The render pool's injection token (see RenderPoolModule). */
export const RENDER_POOL = Symbol('RENDER_POOL');

/** Beyond the render budget, a hold on the font collection lock is a dead thread's (backstop: see below). */
const FONT_LOCK_LEASE_MARGIN_MS = 5_000;

/** A 1×1 drawing with no layers: proves a thread answers (readiness), or waits until threads are up. */
export const BLANK_DRAW_JOB: DrawJob = {
  design: { width: 1, height: 1, background: '#ffffff', layers: [] },
  output: { width: 1, height: 1, format: 'png', quality: 0 },
  images: new Map(),
};

/** What every render thread is handed at start: the process's font collection lock, and one small text to draw first. */
export function renderWorkerData(fontCollectionLock: FontCollectionLockShare): RenderWorkerData {
  const warmUp: DrawJob = {
    design: {
      width: 20,
      height: 20,
      background: '#ffffff',
      layers: [textLayerSchema.parse({ name: 'warm-up', type: 'text', x: 0, y: 0, width: 20, height: 20, text: 'a', fontSize: 10, color: '#000000' })],
    },
    output: { width: 20, height: 20, format: 'png', quality: 0 },
    images: new Map(),
  };
  return { fontCollectionLock, warmUp };
}

/**
 * Starts the render threads. Free of Nest on purpose: main.ts calls it before it loads the application, so the
 * threads load Skia and the fonts while the framework's packages load (start-up is bound by those).
 */
export function startRenderPool(config: Pick<AppConfig, 'renderThreads' | 'renderNice' | 'renderTimeoutMs'>): Piscina {
  configureNativeAllocator();
  configureRenderThreadHeap();
  const fontLock = processFontCollectionLock(config.renderTimeoutMs + FONT_LOCK_LEASE_MARGIN_MS);
  const pool = new Piscina({
    filename: builtScript(__dirname, 'render.worker.js'),
    workerData: renderWorkerData(fontLock.shared()),
    minThreads: config.renderThreads,
    maxThreads: config.renderThreads,
    idleTimeout: 60_000,
    // Drawing yields the CPU to the main thread: cached answers stay quick while renders flood (piscina
    // applies it per thread through @napi-rs/nice; cached p99 during a flood measured 8–10 ms vs 10–15 ms).
    niceIncrement: config.renderNice,
    // Piscina's run and wait-time histograms: nothing reads them, and recording costs every task.
    recordTiming: false,
    // Job rows (§22) wait behind interactive drawings: see PriorityTaskQueue.
    taskQueue: new PriorityTaskQueue(),
  });
  // A thread ended by the render budget may have held the lock: free its place now, not at the lease.
  pool.on('workerDestroy', (worker: { id: number }) => fontLock.releaseThread(worker.id));
  return pool;
}
