import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { type SchedulerLease, SchedulerLeases } from '../../database/scheduler-lease';
import { ImageStorage } from '../../storage/image-storage';
import { RenderCacheService } from '../render-cache.service';
import { RenderFlightService } from '../render-flight.service';
import { OUTPUT_FORMATS, type OutputFormat } from '../../design/output-formats';
import { ImageAccessTracker } from './image-access-tracker';

const BATCH_SIZE = 500;
/** Storage deletions in flight at once. */
const DELETE_CONCURRENCY = 16;
/** The sweep's lease; extended after every batch, so only a dead sweeper lets it lapse. */
const LEASE_MS = 10 * 60_000;

export interface SweepResult {
  /** False when another instance was sweeping (this one did nothing). */
  ran: boolean;
  deleted: number;
}

/**
 * Deletes images neither rendered nor requested for `IMAGE_RETENTION` (§19), every
 * `IMAGE_RETENTION_SWEEP`, on one instance at a time (a lease row). Per batch: hold the render
 * locks of the keys (no drawing of them can start), delete the cache rows that are still expired,
 * then their files. Row first: an answer is only ever built from an existing row, so once the row
 * is gone nothing points at the file; a crash between the two leaves an unreferenced file, never a
 * row without its image.
 */
@Injectable()
export class RetentionSweeperService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionSweeperService.name);
  private readonly lease: SchedulerLease;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepResult> | null = null;

  constructor(
    private readonly config: AppConfig,
    leases: SchedulerLeases,
    private readonly cache: RenderCacheService,
    private readonly flights: RenderFlightService,
    private readonly tracker: ImageAccessTracker,
    private readonly storage: ImageStorage,
    private readonly clock: Clock,
  ) {
    this.lease = leases.lease('image-retention', randomBytes(12).toString('hex'));
  }

  onApplicationBootstrap(): void {
    if (this.config.imageRetentionMs === null) return;
    this.timer = setInterval(
      () => void this.sweep().catch((error: Error) => this.logger.warn(`Retention sweep failed: ${error.message}`)),
      this.config.imageRetentionSweepMs,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  sweep(): Promise<SweepResult> {
    this.running ??= this.sweepOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async sweepOnce(): Promise<SweepResult> {
    const retentionMs = this.config.imageRetentionMs;
    if (retentionMs === null) return { ran: false, deleted: 0 };
    if (!(await this.lease.acquire(this.clock.now(), new Date(this.clock.nowMs() + LEASE_MS)))) return { ran: false, deleted: 0 };
    let deleted = 0;
    try {
      await this.tracker.flush();
      const cutoff = new Date(this.clock.nowMs() - retentionMs);
      for (;;) {
        const expired = await this.cache.findExpired(cutoff, BATCH_SIZE);
        const formats = new Map(expired.map((entry) => [entry.key, entry.format as OutputFormat]));
        let progress = 0;
        await this.flights.holdMany([...formats.keys()], async (held) => {
          const gone = await this.cache.deleteExpired(held, cutoff);
          progress = gone.length;
          await this.deleteFiles(gone.map((key) => `${key}.${OUTPUT_FORMATS[formats.get(key)!].extension}`));
        });
        deleted += progress;
        // Keys being drawn right now are skipped; stop rather than select them again and again.
        if (expired.length < BATCH_SIZE || progress === 0) break;
        if (!(await this.lease.acquire(this.clock.now(), new Date(this.clock.nowMs() + LEASE_MS)))) break;
      }
    } finally {
      await this.lease.release();
    }
    if (deleted > 0) this.logger.log(`Retention sweep deleted ${deleted} images`);
    return { ran: true, deleted };
  }

  private async deleteFiles(names: string[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < names.length) {
        const name = names[next++];
        // The row is already gone: a file left behind is unreferenced, and served only to old links.
        await this.storage.delete(name).catch((error: Error) => this.logger.warn(`Could not delete expired image ${name}: ${error.message}`));
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, names.length) }, worker));
  }
}
