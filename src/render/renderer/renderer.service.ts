import { Inject, Injectable } from '@nestjs/common';
import { MessageChannel } from 'node:worker_threads';
import Piscina, { queueOptionsSymbol } from 'piscina';
import { MetricsService } from '../../metrics/metrics.service';
import type { DocumentMessage, DocumentTask, PageDrawn } from './draw-document';
import type { DrawJob, DrawResult } from './draw-job';
import { isBackgroundWork, type RenderQueueOptions } from './render-priority';
import { messageReader } from './port-messages';
import { BLANK_DRAW_JOB, RENDER_POOL } from './render-pool';

/** A PDF being drawn by one worker thread, a page at a time (see draw-document.ts). */
export interface DocumentDrawing {
  /** Draws the next page; resolves once it is drawn (the worker then holds none of its inputs). */
  page(job: DrawJob): Promise<PageDrawn>;
  /** Ends the document and answers its bytes. */
  close(): Promise<Uint8Array>;
  /** Gives the document up (the caller failed): the worker stops waiting for pages and is free again. */
  abandon(): void;
}

/** Draws off the event loop in a pool of worker threads, so cached answers stay fast during renders. */
@Injectable()
export class RendererService {
  constructor(
    @Inject(RENDER_POOL) private readonly pool: Piscina,
    private readonly metrics: MetricsService,
  ) {}

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
    await this.pool.run(BLANK_DRAW_JOB);
  }
}
