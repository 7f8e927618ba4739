import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Logger, OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Readable } from 'node:stream';
import { ConfigError, S3StorageConfig } from '../config/app-config';
import { ImageStorage, StoredImage } from './image-storage';
import { ImagesException } from './images.exception';

/**
 * Whole-operation deadline. A render's storage write must fail within the contract's 10 s (a fresh
 * render answers 503 `storage_unavailable` by then), leaving time for the drawing itself.
 */
const OPERATION_TIMEOUT_MS = 4_000;
/** A start-up probe that gets no answer in time lets the instance start (readiness stays 503). */
const STARTUP_PROBE_TIMEOUT_MS = 3_000;

/**
 * How long a "this object exists" answer is trusted. `exists` runs on every cached answer; a HEAD per
 * answer would put the store's latency on the fast path. Deletions made through this driver (retention)
 * forget the object at once; one removed behind our back is noticed within this time.
 */
const EXISTS_MEMORY_MS = 5 * 60_000;
/**
 * A streamed object goes up in parts of this size, at most STREAM_PARTS_IN_FLIGHT at once: the memory a
 * streamed write holds is bounded by their product (10 MiB), whatever the object's size.
 */
const STREAM_PART_BYTES = 5 * 1024 * 1024;
const STREAM_PARTS_IN_FLIGHT = 2;

/** `STORAGE_URL=s3://<bucket>/<prefix>`: any S3-compatible store (AWS, MinIO, R2, …). */
export class S3ImageStorage extends ImageStorage implements OnModuleInit {
  private readonly logger = new Logger(S3ImageStorage.name);
  private readonly client: S3Client;
  private readonly known = new LRUCache<string, true>({ max: 100_000, ttl: EXISTS_MEMORY_MS });

  constructor(private readonly options: S3StorageConfig) {
    super();
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint ?? undefined,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials ?? undefined,
      // One retry inside the deadline; timeouts per attempt so a silent endpoint cannot hold a render.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 1_500, requestTimeout: OPERATION_TIMEOUT_MS },
    });
  }

  /**
   * Wrong configuration stops start-up with one line naming the variable: a bucket that does not
   * exist or credentials the store refuses will not fix themselves. A store that does not answer
   * (down, slow, 5xx) may come back: the instance starts and /health/ready reports `storage` down.
   */
  async onModuleInit(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), this.deadline(STARTUP_PROBE_TIMEOUT_MS));
    } catch (error) {
      const status = statusOf(error);
      const where = this.options.endpoint ?? `AWS region ${this.options.region}`;
      if (status === 404) throw new ConfigError('STORAGE_URL', `names bucket "${this.options.bucket}", which does not exist at ${where}`);
      if (status === 401 || status === 403) {
        throw new ConfigError('S3_ACCESS_KEY_ID', `(with S3_SECRET_ACCESS_KEY) was refused by ${where} for bucket "${this.options.bucket}"`);
      }
      this.logger.warn(`Image storage at ${where} is not reachable yet (${describe(error)}); starting anyway, /health/ready reports it`);
    }
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    // A single PUT is atomic on S3: readers see the whole object or none.
    await this.guard(
      this.client.send(
        new PutObjectCommand({ Bucket: this.options.bucket, Key: this.key(name), Body: bytes, ContentLength: bytes.byteLength }),
        this.deadline(),
      ),
    );
    this.known.set(name, true);
  }

  /**
   * A multipart upload (a single PUT when the stream is under one part): the object appears whole when the
   * upload completes; a failed or abandoned one is aborted, so its parts do not linger (a killed process's do,
   * until the bucket's lifecycle rule for incomplete uploads removes them).
   */
  async putStream(name: string, source: Readable, signal?: AbortSignal): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.key(name), Body: source },
      partSize: STREAM_PART_BYTES,
      queueSize: STREAM_PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    const abort = () => void upload.abort();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      signal?.throwIfAborted();
      await upload.done();
    } catch (error) {
      source.destroy();
      if (signal?.aborted) throw signal.reason;
      throw unavailable(error);
    } finally {
      signal?.removeEventListener('abort', abort);
    }
    this.known.set(name, true);
  }

  async exists(name: string): Promise<boolean> {
    if (this.known.has(name)) return true;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.key(name) }), this.deadline());
      this.known.set(name, true);
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw unavailable(error);
    }
  }

  async open(name: string): Promise<StoredImage | null> {
    // The deadline covers the answer's headers only: aborting later would cut a body a slow client is still reading.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), OPERATION_TIMEOUT_MS);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(name) }), { abortSignal: controller.signal });
      // Streamed: the body is the HTTP response from the store, piped to the client as it arrives.
      return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw unavailable(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async delete(name: string): Promise<void> {
    this.known.delete(name);
    await this.guard(this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(name) }), this.deadline()));
  }

  async probe(): Promise<void> {
    await this.guard(this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), this.deadline()));
  }

  private key(name: string): string {
    return this.options.prefix ? `${this.options.prefix}/${name}` : name;
  }

  /** Abandons the whole operation (retries included) at the deadline. */
  private deadline(timeoutMs = OPERATION_TIMEOUT_MS): { abortSignal: AbortSignal } {
    return { abortSignal: AbortSignal.timeout(timeoutMs) };
  }

  private async guard<T>(operation: Promise<T>): Promise<void> {
    try {
      await operation;
    } catch (error) {
      throw unavailable(error);
    }
  }
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function describe(error: unknown): string {
  const status = statusOf(error);
  const name = (error as Error).name;
  return status ? `${name}, HTTP ${status}` : `${name}: ${(error as Error).message}`;
}

function unavailable(error: unknown): ImagesException {
  return ImagesException.storageUnavailable(describe(error));
}
