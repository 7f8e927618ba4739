import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Clock } from '../common/clock/clock';
import { CommonErrorCode, CommonException } from '../common/errors/app-exception';
import { AppConfig } from '../config/app-config';
import { IdempotencyKeysRepository, StoredAnswer } from './idempotency-keys.repository';
import { IdempotencyErrorCode, IdempotencyException } from './idempotency.exception';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;
/** Past a render's budget: a first request still "in flight" after this belonged to a process that died. */
const LOCK_MARGIN_MS = 60_000;

/** A key this request holds: its answer is kept (2xx) or the key freed (anything else) once it is sent. */
export interface Reservation {
  accountId: string;
  keyHash: string;
}

export type IdempotencyDecision = { kind: 'run'; reservation: Reservation } | { kind: 'replay'; answer: StoredAnswer };

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const invalidKey = (message: string) =>
  new CommonException(CommonErrorCode.VALIDATION_FAILED, `Idempotency-Key: ${message}`, { details: [{ path: 'Idempotency-Key', message }] });

/**
 * `Idempotency-Key` (§22), per account for 24 h: the same key with the same request answers the first answer
 * again and does nothing else; with another request it is a 422; while the first runs, a 409. Only answers
 * that succeeded (2xx) are kept: a refused or failed first request frees the key, so a retry runs for real.
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger(IdempotencyService.name);

  constructor(
    private readonly keys: IdempotencyKeysRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async begin(accountId: string, key: string | string[], request: FastifyRequest): Promise<IdempotencyDecision> {
    if (Array.isArray(key)) throw invalidKey('must be sent once');
    if (!KEY_PATTERN.test(key)) throw invalidKey('must be 1–255 printable ASCII characters');
    // A CSV upload is read by its handler, after this point: its content cannot be compared yet.
    if (request.isMultipart()) throw invalidKey('is not supported on multipart uploads yet; send the rows as JSON');
    const reservation = { accountId, keyHash: sha256(key) };
    const requestHash = sha256(`${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.body ?? null)}`);
    const now = this.clock.now();
    const claim = {
      ...reservation,
      requestHash,
      now,
      lockedUntil: new Date(now.getTime() + this.config.renderTimeoutMs + LOCK_MARGIN_MS),
      expiresAt: new Date(now.getTime() + KEEP_MS),
    };
    if (await this.keys.take(claim)) return { kind: 'run', reservation };
    const record = await this.keys.find(accountId, reservation.keyHash);
    // Freed between the two statements (its first request failed): this one is the first now.
    if (!record) {
      if (await this.keys.take(claim)) return { kind: 'run', reservation };
      throw new IdempotencyException(IdempotencyErrorCode.IN_FLIGHT, 'A request with this Idempotency-Key is still being processed; retry later');
    }
    if (record.requestHash !== requestHash) {
      throw new IdempotencyException(IdempotencyErrorCode.REUSED, 'This Idempotency-Key was used with a different request; use a new key');
    }
    if (record.status === 'in_flight' || record.responseStatus === null || record.responseBody === null) {
      throw new IdempotencyException(IdempotencyErrorCode.IN_FLIGHT, 'A request with this Idempotency-Key is still being processed; retry later');
    }
    return {
      kind: 'replay',
      answer: { status: record.responseStatus, contentType: record.responseType, location: record.responseLocation, body: record.responseBody },
    };
  }

  /** The first request's answer is going out: kept when it succeeded, else the key is freed. Never throws. */
  async finish(reservation: Reservation, answer: StoredAnswer): Promise<void> {
    try {
      if (answer.status >= 200 && answer.status < 300) await this.keys.complete(reservation.accountId, reservation.keyHash, answer);
      else await this.keys.release(reservation.accountId, reservation.keyHash);
    } catch (error) {
      // The key stays in flight until its lock lapses; then a retry with the same request runs again.
      this.logger.warn(`Idempotency key of ${reservation.accountId} not recorded: ${(error as Error).message}`);
    }
  }
}
