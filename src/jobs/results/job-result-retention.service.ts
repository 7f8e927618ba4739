import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { LRUCache } from 'lru-cache';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { type SchedulerLease, SchedulerLeases } from '../../database/scheduler-lease';
import { ImageStorage } from '../../storage/image-storage';
import { RESULT_SERVED_EVENT } from '../../storage/images.service';
import { JobResultsRepository } from '../job-results.repository';

const BATCH_SIZE = 100;
/** A download is recorded at most this often per result (and at most every quarter of the retention). */
const RECORD_INTERVAL_MS = 3_600_000;
const LEASE_MS = 10 * 60_000;

/**
 * Retention (§19) for job results, as for images: a result neither written nor downloaded for IMAGE_RETENTION is
 * deleted by a sweep every IMAGE_RETENTION_SWEEP, on one instance at a time (its own lease). Row first (marked
 * `expired`, so the job says `result_expired`), then the file: a crash between them leaves an unreferenced file,
 * never a job pointing at nothing. A download in the middle of a sweep keeps the file (the row is re-checked).
 */
@Injectable()
export class JobResultRetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobResultRetentionService.name);
  private readonly lease: SchedulerLease;
  private readonly recorded = new LRUCache<string, number>({ max: 10_000 });
  private readonly recordIntervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;

  constructor(
    private readonly config: AppConfig,
    leases: SchedulerLeases,
    private readonly results: JobResultsRepository,
    private readonly storage: ImageStorage,
    private readonly clock: Clock,
  ) {
    this.lease = leases.lease('job-result-retention', randomBytes(12).toString('hex'));
    this.recordIntervalMs = Math.min(RECORD_INTERVAL_MS, (config.imageRetentionMs ?? Infinity) / 4);
  }

  onApplicationBootstrap(): void {
    if (this.config.imageRetentionMs === null) return;
    this.timer = setInterval(
      () => void this.sweep().catch((error: Error) => this.logger.warn(`Job result retention sweep failed: ${error.message}`)),
      this.config.imageRetentionSweepMs,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** A result downloaded through its resultUrl (written at once: downloads of results are rare, unlike images'). */
  @OnEvent(RESULT_SERVED_EVENT)
  async noteServed(key: string): Promise<void> {
    if (this.config.imageRetentionMs === null) return;
    const now = this.clock.nowMs();
    if (now - (this.recorded.get(key) ?? 0) < this.recordIntervalMs) return;
    this.recorded.set(key, now);
    await this.results.touch(key, new Date(now)).catch((error: Error) => this.logger.warn(`Could not record a result download: ${error.message}`));
  }

  /** Deletes expired results; the number deleted (0 when another instance holds the sweep). */
  sweep(): Promise<number> {
    this.running ??= this.sweepOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async sweepOnce(): Promise<number> {
    const retentionMs = this.config.imageRetentionMs;
    if (retentionMs === null || !(await this.lease.acquire(this.clock.now(), new Date(this.clock.nowMs() + LEASE_MS)))) return 0;
    let deleted = 0;
    try {
      const cutoff = new Date(this.clock.nowMs() - retentionMs);
      for (;;) {
        const expired = await this.results.findExpired(cutoff, BATCH_SIZE);
        for (const result of expired) {
          if (!(await this.results.expire(result.jobId, cutoff))) continue;
          const name = `${result.key}.${result.extension}`;
          await this.storage.delete(name).catch((error: Error) => this.logger.warn(`Could not delete expired job result ${name}: ${error.message}`));
          deleted++;
        }
        if (expired.length < BATCH_SIZE) break;
      }
    } finally {
      await this.lease.release();
    }
    if (deleted > 0) this.logger.log(`Job result retention deleted ${deleted} results`);
    return deleted;
  }
}
