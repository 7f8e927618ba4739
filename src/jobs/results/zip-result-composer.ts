import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { JobResultComposer, ResultSource } from './job-result-composer';

/** Formats whose bytes are already compressed: stored as they are (deflating them again costs CPU and saves nothing). */
const COMPRESSIBLE = new Set(['svg']);

/**
 * `output: "zip"` (§22): one ZIP of every succeeded row's image, named `<index>.<ext>` with the index zero-padded
 * to the width of the job's last index (0000.png … 9999.png for 10,000 rows), in row order. Written by yazl as a
 * stream: each entry's image is opened from the store when yazl reaches it (addReadStreamLazy), so one image is
 * read at a time; what stays in memory is the central directory (~100 bytes per entry).
 */
@Injectable()
export class ZipResultComposer extends JobResultComposer {
  readonly output = 'zip';
  readonly extension = 'zip';

  compose(source: ResultSource, signal: AbortSignal): Readable {
    const { job, images } = source;
    const zip = new ZipFile();
    const output = zip.outputStream as Readable;
    const fail = (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error)));
    zip.on('error', fail);
    signal.addEventListener('abort', () => fail(signal.reason), { once: true });
    const width = String(Math.max(0, job.total - 1)).length;
    // The same bytes for the same job: entries carry the job's creation time, not the moment of writing.
    const mtime = job.createdAt;
    void (async () => {
      for await (const image of images) {
        if (output.destroyed) return;
        const name = `${String(image.index).padStart(width, '0')}.${image.extension}`;
        zip.addReadStreamLazy(name, { mtime, compress: COMPRESSIBLE.has(image.extension) }, (done) => {
          source.open(image).then(
            (stored) => done(null, stored.stream),
            (error: unknown) => done(error, undefined as never),
          );
        });
      }
      zip.end();
    })().catch(fail);
    return output;
  }
}
