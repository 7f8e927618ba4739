import { Inject, Injectable, Optional } from '@nestjs/common';
import { ResourceLimits, Worker } from 'node:worker_threads';
import { builtScript } from '../../common/runtime/built-script';
import type { ParsedFont } from '../font-parser';
import { FontsErrorCode, FontsException } from '../fonts.exception';
import type { InspectionAnswer, InspectionTask } from './font-inspection.worker';

export interface InspectionLimits {
  /** Past this a thread is terminated and the font refused (upload) or left unavailable (render). */
  timeoutMs: number;
  /** The thread's JavaScript heap; past it V8 ends the thread (not the process). */
  heapMb: number;
  /** Threads at once per process and kind (uploads, first uses): uploads are rare, and each thread holds up to heapMb. */
  concurrency: number;
}

export const INSPECTION_LIMITS: InspectionLimits = { timeoutMs: 10_000, heapMb: 256, concurrency: 2 };
/** The limits' provider token (FontsModule provides INSPECTION_LIMITS; tests may override it). */
export const INSPECTION_LIMITS_TOKEN = 'FONT_INSPECTION_LIMITS';

/** A face ready for the workers: the privately named sfnt and its packed coverage. */
export interface PreparedFont {
  coverage: string;
  bytes: Uint8Array;
}

/** At most `places` tasks at once; the rest wait in order. */
class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly places: number) {}

  enter(): Promise<void> {
    if (this.running < this.places) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A waiting task takes the place over (still counted as running); otherwise the place is freed. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

type Outcome = InspectionAnswer | { ok: false; invalid: false; message: string; limit: 'time' | 'memory' | 'crash' };

/**
 * Reads fonts off the event loop: every parse of an upload, and every preparation of a stored face for drawing,
 * runs in its own short-lived worker thread with a heap limit and a deadline. Whatever a font's tables claim,
 * the server keeps answering (§20): a pathology in our reader or in fontkit costs one thread, which is
 * terminated, and the upload is refused with `font_invalid`.
 */
@Injectable()
export class FontInspector {
  /** Uploads and first uses queue apart: uploads that run to their deadline never hold up a render's font. */
  private readonly gates: Record<InspectionTask['kind'], Gate>;

  constructor(@Optional() @Inject(INSPECTION_LIMITS_TOKEN) readonly limits: InspectionLimits = INSPECTION_LIMITS) {
    this.gates = { parse: new Gate(limits.concurrency), prepare: new Gate(limits.concurrency) };
  }

  /** The upload's facts (see parseFont); throws FontsException font_invalid for anything not a usable font. */
  async parse(bytes: Buffer): Promise<ParsedFont> {
    const outcome = await this.run({ kind: 'parse', bytes });
    if (outcome.ok) return outcome.value as ParsedFont;
    if (outcome.invalid) throw new FontsException(FontsErrorCode.FONT_INVALID, outcome.message);
    if ('limit' in outcome && outcome.limit === 'time') throw FontsException.invalid(`reading it took longer than ${this.limits.timeoutMs / 1000} s`);
    if ('limit' in outcome && outcome.limit === 'memory') throw FontsException.invalid(`reading it needed more than ${this.limits.heapMb} MB`);
    throw FontsException.invalid('its tables are damaged or truncated');
  }

  /** A stored face for drawing; rejects (with the reason) when it cannot be read within the limits. */
  async prepare(bytes: Buffer, registeredName: string): Promise<PreparedFont> {
    const outcome = await this.run({ kind: 'prepare', bytes, registeredName });
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.value as PreparedFont;
  }

  private async run(task: InspectionTask): Promise<Outcome> {
    const gate = this.gates[task.kind];
    await gate.enter();
    try {
      return await this.inThread(task);
    } finally {
      gate.leave();
    }
  }

  private inThread(task: InspectionTask): Promise<Outcome> {
    const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };
    const worker = new Worker(builtScript(__dirname, 'font-inspection.worker.js'), { workerData: task, resourceLimits });
    return new Promise<Outcome>((resolve) => {
      let settled = false;
      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(outcome);
        // Ending the thread is not waited for: its answer (or failure) is already known.
        void worker.terminate();
      };
      const deadline = setTimeout(() => settle({ ok: false, invalid: false, message: 'font inspection timed out', limit: 'time' }), this.limits.timeoutMs);
      worker.once('message', (answer: InspectionAnswer) => settle(answer));
      worker.once('error', (error: Error & { code?: string }) =>
        settle({ ok: false, invalid: false, message: error.message, limit: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash' }),
      );
      worker.once('exit', (code) => settle({ ok: false, invalid: false, message: `font inspection ended (exit code ${code})`, limit: 'crash' }));
    });
  }
}
