import { parentPort, workerData } from 'node:worker_threads';
import { packRanges } from '../coverage/code-point-ranges';
import { parseFont } from '../font-parser';
import { sfntOf, withPrivateName } from '../font-private-name';
import { FontsException } from '../fonts.exception';
import { cmapCoverage } from './cmap-coverage';
import { numGlyphsOf } from './glyph-tables';
import { sfntTables } from './sfnt-tables';

/** One task per thread: the thread is thrown away after it, so nothing a hostile font did to it outlives the task. */
export type InspectionTask = { kind: 'parse'; bytes: Uint8Array } | { kind: 'prepare'; bytes: Uint8Array; registeredName: string };

/** What the thread posts back: a value, or the reason the font was refused (or could not be prepared). */
export type InspectionAnswer = { ok: true; value: unknown } | { ok: false; invalid: boolean; message: string };

/**
 * For drawing a stored face: the privately named sfnt (see font-private-name.ts) and its packed coverage, read
 * from the cmap's ranges. Checksums are not asked of faces already stored (they were kept before that check).
 */
async function prepare(bytes: Buffer, registeredName: string): Promise<{ coverage: string; bytes: Uint8Array }> {
  const sfnt = await sfntOf(bytes);
  const tables = sfntTables(sfnt, { verifyChecksums: false });
  const cmap = tables.get('cmap');
  if (!cmap) throw FontsException.invalid('no usable cmap (character map)');
  const coverage = packRanges(cmapCoverage(cmap, numGlyphsOf(tables)));
  const renamed = await withPrivateName(sfnt, registeredName);
  return { coverage, bytes: new Uint8Array(renamed) };
}

async function run(task: InspectionTask): Promise<unknown> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  return task.kind === 'parse' ? parseFont(bytes) : prepare(bytes, task.registeredName);
}

const answer = (message: InspectionAnswer, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(message, transfer);

run(workerData as InspectionTask).then(
  (value) => {
    const prepared = value as { bytes?: Uint8Array };
    answer({ ok: true, value }, prepared.bytes ? [prepared.bytes.buffer] : []);
  },
  (error: unknown) =>
    answer(
      error instanceof FontsException
        ? { ok: false, invalid: true, message: error.message }
        : { ok: false, invalid: false, message: error instanceof Error ? error.message : String(error) },
    ),
);
