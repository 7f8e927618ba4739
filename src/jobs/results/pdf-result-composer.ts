import { Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { JobResultComposer, ResultSource } from './job-result-composer';
import { ResultEmptyError } from './job-result-error';
import { PdfConcatenation } from './pdf-concatenation';

/** A stored row PDF is one page: well under this; a larger file is not one of ours. */
const MAX_ROW_PDF_BYTES = 256 * 1024 * 1024;

/**
 * `output: "pdf"` (§22): one PDF, a page per succeeded row in row order. Each row was drawn as its own one-page
 * PDF (format `pdf`), exactly as POST /api/generate draws and bills it; this joins the stored pages into one file
 * as a stream (PdfConcatenation), reading one row's PDF at a time, so memory does not grow with the job but for an
 * offset per object and a reference per page. No row is drawn twice, nothing is billed here.
 */
@Injectable()
export class PdfResultComposer extends JobResultComposer {
  readonly output = 'pdf';
  readonly extension = 'pdf';

  compose(source: ResultSource, signal: AbortSignal): Readable {
    const stream = Readable.from(this.bytes(source, signal), { objectMode: false, highWaterMark: 1 });
    signal.addEventListener('abort', () => stream.destroy(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason))), {
      once: true,
    });
    return stream;
  }

  private async *bytes(source: ResultSource, signal: AbortSignal): AsyncGenerator<Buffer> {
    const concatenation = new PdfConcatenation();
    for await (const image of source.images) {
      signal.throwIfAborted();
      const stored = await source.open(image);
      yield concatenation.append(await readAll(stored.stream));
    }
    if (concatenation.pageCount === 0) throw new ResultEmptyError();
    yield concatenation.finish();
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ROW_PDF_BYTES) {
      stream.destroy();
      throw new Error('A row PDF is larger than a page can be');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
