import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import { join, relative } from 'node:path';
import Piscina, { queueOptionsSymbol } from 'piscina';
// Loaded here so libvips stays mapped for the life of the process: otherwise a worker thread's
// exit can unload it while another thread uses it (sharp issue #2263).
import 'sharp';
import { AppConfig } from '../../config/app-config';
import { MetricsService } from '../../metrics/metrics.service';
import type { DocumentMessage, DocumentTask, PageDrawn } from './draw-document';
import type { DrawJob, DrawResult } from './draw-job';
import { processFontCollectionLock } from './font-collection-lock';
import { isBackgroundWork, PriorityTaskQueue, type RenderQueueOptions } from './render-priority';
import { configureNativeAllocator } from './native-allocator';
import { configureRenderThreadHeap } from './render-thread-heap';
import { messageReader } from './port-messages';
import type { RenderWorkerData } from './render.worker';

/** Beyond the render budget, a hold on the font collection lock is a dead thread's (backstop: see below). */
const FONT_LOCK_LEASE_MARGIN_MS = 5_000;

/** A PDF being drawn by one worker thread, a page at a time (see draw-document.ts). */
export interface DocumentDrawing {
  /** Draws the next page; resolves once it is drawn (the worker then holds none of its inputs). */
  page(job: DrawJob): Promise<PageDrawn>;
  /** Ends the document and answers its bytes. */
  close(): Promise<Uint8Array>;
  /** Gives the document up (the caller failed): the worker stops waiting for pages and is free again. */
  abandon(): void;
}

/** Compiled worker next to this file; when running from TypeScript sources (tests), its build in dist/. */
function workerFile(): string {
  const beside = join(__dirname, 'render.worker.js');
  if (existsSync(beside)) return beside;
  const projectRoot = join(__dirname, '..', '..', '..');
  const built = join(projectRoot, 'dist', relative(join(projectRoot, 'src'), __dirname), 'render.worker.js');
  if (existsSync(built)) return built;
  throw new Error(`Render worker not built (${built}); run npm run build`);
}

/** Draws off the event loop in a pool of worker threads, so cached answers stay fast during renders. */
@Injectable()
export class RendererService implements BeforeApplicationShutdown {
  private readonly pool: Piscina;

  constructor(
    config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    configureNativeAllocator();
    configureRenderThreadHeap();
    const fontLock = processFontCollectionLock(config.renderTimeoutMs + FONT_LOCK_LEASE_MARGIN_MS);
    this.pool = new Piscina({
      filename: workerFile(),
      workerData: { fontCollectionLock: fontLock.shared() } satisfies RenderWorkerData,
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
    this.pool.on('workerDestroy', (worker: { id: number }) => fontLock.releaseThread(worker.id));
  }

  /** Aborting `signal` takes a queued job off the queue, or terminates the worker drawing it (piscina replaces it). */
  async draw(job: DrawJob, signal?: AbortSignal): Promise<DrawResult> {
    // The queue option is a symbol key: structured cloning leaves it out of what the thread receives.
    const task = isBackgroundWork() ? { ...job, [queueOptionsSymbol]: { background: true } satisfies RenderQueueOptions } : job;
    const running = this.pool.run(task, signal ? { signal } : undefined) as Promise<DrawResult>;
    this.metrics.renderQueue.set(this.pool.queueSize);
    const result = await running.finally(() => this.metrics.renderQueue.set(this.pool.queueSize));
    return { ...result, bytes: Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength) };
  }

  /**
   * Opens a PDF on one worker thread, which keeps it until `close` or `abandon` (or `signal` terminates it); the
   * caller sends the pages one after another. The thread is busy for the whole document, as for one long render.
   */
  openDocument(archival: boolean, signal?: AbortSignal): DocumentDrawing {
    const { port1, port2 } = new MessageChannel();
    const task: DocumentTask = { document: { archival }, port: port2 };
    const running = this.pool.run(task, { transferList: [port2], ...(signal ? { signal } : {}) }) as Promise<DrawResult>;
    // A document given up ends its task with an error nobody waits for.
    running.catch(() => undefined);
    const ended = running.then(() => {
      throw new Error('The document worker ended before its last page');
    });
    ended.catch(() => undefined);
    const reply = messageReader<PageDrawn>(port1);
    const send = (message: DocumentMessage) => port1.postMessage(message);
    return {
      page: (job) => {
        send({ page: job });
        return Promise.race([reply(), ended]);
      },
      close: async () => {
        send({ close: true });
        try {
          const result = await running;
          return Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
        } finally {
          port1.close();
        }
      },
      abandon: () => port1.close(),
    };
  }

  /** Draws a 1×1 image: proves a worker thread answers (readiness). */
  async probe(): Promise<void> {
    await this.pool.run({
      design: { width: 1, height: 1, background: '#ffffff', layers: [] },
      output: { width: 1, height: 1, format: 'png', quality: 0 },
      images: new Map(),
    } satisfies DrawJob);
  }

  /**
   * After every module's onModuleDestroy, whatever the modules' order: the job runners stop there and may still be
   * drawing rows until then. (At onApplicationShutdown, after the database closed, an app's close hung.)
   */
  async beforeApplicationShutdown(): Promise<void> {
    // close() lets running drawings finish; destroy() would abort them.
    await this.pool.close();
  }
}
