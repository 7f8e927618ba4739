import { AppException } from './app-exception';

export const DEPENDENCY_UNAVAILABLE = 'dependency_unavailable';

/**
 * The database or Redis cannot be reached right now (§20): the request answers 503 and what it
 * counted is given back; nothing about the request itself was wrong, so it may simply be retried.
 */
export class DependencyUnavailableException extends AppException {
  constructor(dependency: 'database' | 'Redis' | 'a dependency', detail: string) {
    super(DEPENDENCY_UNAVAILABLE, 503, `${dependency === 'a dependency' ? 'A dependency' : `The ${dependency}`} is unavailable (${detail}); try again shortly`);
  }
}

/** Socket and mysql2 codes of a connection that failed or went away (not of a query that was wrong). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  // SQLite: another process holds the file past busy_timeout, or the disk fails or is full.
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_FULL',
]);

/** Messages of ioredis (queue flushed, connection closed, command timed out) and mysql2 (closed connection). */
const CONNECTION_MESSAGES = [
  /^Reached the max retries per request limit/,
  /^Connection is closed\.?$/,
  /^Command timed out$/,
  /^Stream isn't writeable/,
  /^Connection lost/,
  /^Can't add new command when connection is in closed state/,
  // Redis replies while it starts up or fails over: transient.
  /^(LOADING|MASTERDOWN|TRYAGAIN) /,
];

const REDIS_MARKERS = [/max retries per request/, /^Connection is closed/, /^Command timed out$/, /^Stream isn't writeable/, /^(LOADING|MASTERDOWN|TRYAGAIN) /];

interface ErrorLike {
  name?: string;
  code?: string;
  message?: string;
  fatal?: boolean;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error itself and what it wraps (TypeORM's driverError, a cause, an AggregateError's parts), bounded. */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!error || typeof error !== 'object' || depth > 4) return;
  const candidate = error as ErrorLike;
  yield candidate;
  yield* chain(candidate.driverError, depth + 1);
  yield* chain(candidate.cause, depth + 1);
  if (Array.isArray(candidate.errors)) for (const part of candidate.errors.slice(0, 4)) yield* chain(part, depth + 1);
}

const isConnectionFailure = (error: ErrorLike): boolean =>
  (typeof error.code === 'string' && (CONNECTION_CODES.has(error.code) || error.code.startsWith('SQLITE_IOERR'))) ||
  // mysql2 marks errors after which the connection is unusable.
  (error.fatal === true && typeof error.code === 'string') ||
  error.name === 'MaxRetriesPerRequestError' ||
  (typeof error.message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message!)));

/**
 * The one classification of "a dependency went away": ioredis, TypeORM over mysql2 or better-sqlite3.
 * Returns the 503 to answer, or null for any other error. Storage faults are ImagesException already.
 */
export function dependencyOutage(error: unknown): DependencyUnavailableException | null {
  if (error instanceof DependencyUnavailableException) return error;
  if (error instanceof AppException) return null;
  for (const link of chain(error)) {
    if (!isConnectionFailure(link)) continue;
    const message = link.message ?? link.code ?? 'connection failed';
    return new DependencyUnavailableException(whichDependency(error, link, message), link.code ?? message.split('.')[0]);
  }
  return null;
}

/** For the message only (the code is the same): Redis by its own messages, the database by TypeORM's or the drivers' marks. */
function whichDependency(error: unknown, link: ErrorLike, message: string): 'database' | 'Redis' | 'a dependency' {
  if (link.name === 'MaxRetriesPerRequestError' || REDIS_MARKERS.some((pattern) => pattern.test(message))) return 'Redis';
  const top = error as ErrorLike;
  if (top.driverError !== undefined || link.fatal !== undefined || /^(PROTOCOL_|ER_|SQLITE_)/.test(link.code ?? '')) return 'database';
  return 'a dependency';
}
