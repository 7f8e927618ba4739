import type { MessagePort } from 'node:worker_threads';
import { usesFonts } from '../layers/layer-drawers';
import type { DrawJob, DrawResult } from './draw-job';
import { drawPage } from './draw-template';
import { messageReader } from './port-messages';
import { fontCollectionLock } from './worker-fonts';
import { openPdfDocument } from './vector-surfaces';

/**
 * A multi-page PDF drawn by one worker thread (§21): the main thread sends the pages one at a time over `port` (each
 * with its own fetched images) and waits for each page's answer before it sends the next, so the thread holds one
 * page's inputs at a time. Skia writes a page when it ends; `close` writes the fonts' subsets and gives the bytes.
 */
export interface DocumentTask {
  document: { archival: boolean };
  port: MessagePort;
}

/** Main thread → worker: the next page, or the end of the document. */
export type DocumentMessage = { page: DrawJob } | { close: true };
/** Worker → main thread, per page. */
export type PageDrawn = Omit<DrawResult, 'bytes'>;

export const isDocumentTask = (task: object): task is DocumentTask => 'document' in task && 'port' in task;

export async function drawDocument(task: DocumentTask): Promise<Uint8Array> {
  const next = messageReader<DocumentMessage>(task.port);
  const pdf = openPdfDocument(task.document.archival);
  let text = false;
  try {
    for (let message = await next(); 'page' in message; message = await next()) {
      const ctx = pdf.beginPage(message.page.output);
      const drawn = await drawPage(ctx, message.page);
      pdf.endPage();
      text ||= message.page.design.layers.some(usesFonts);
      task.port.postMessage(drawn satisfies PageDrawn);
    }
    // The subsets are cut from the typefaces at close: like a drawing with text, it reads the font collection.
    const release = text ? fontCollectionLock().read() : undefined;
    try {
      return pdf.close();
    } finally {
      release?.();
    }
  } finally {
    task.port.close();
  }
}
