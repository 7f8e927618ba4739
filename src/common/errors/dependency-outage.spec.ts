import { SqliteError } from 'better-sqlite3';
import MaxRetriesPerRequestError from 'ioredis/built/errors/MaxRetriesPerRequestError';
import { QueryFailedError } from 'typeorm';
import { CommonErrorCode, CommonException } from './app-exception';
import { dependencyOutage } from './dependency-outage';
import { toErrorResponse } from './error-body';

const mysqlError = (code: string, message: string, fatal: boolean) => Object.assign(new Error(message), { code, fatal, errno: 0 });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:6379`), { code });

describe('dependency outages (§20: 503 dependency_unavailable)', () => {
  it.each([
    ['ioredis queue flushed while reconnecting', new MaxRetriesPerRequestError(1), /Redis/],
    ['ioredis connection closed', new Error('Connection is closed.'), /Redis/],
    ['ioredis command timeout', new Error('Command timed out'), /Redis/],
    ['ioredis offline queue off', new Error("Stream isn't writeable and enableOfflineQueue options is false"), /Redis/],
    ['Redis loading its data set', new Error('LOADING Redis is loading the dataset in memory'), /Redis/],
    [
      'mysql2 connection lost, through TypeORM',
      new QueryFailedError('SELECT 1', [], mysqlError('PROTOCOL_CONNECTION_LOST', 'Connection lost: The server closed the connection.', true)),
      /database/,
    ],
    ['mysql2 server shutdown', new QueryFailedError('SELECT 1', [], mysqlError('ER_SERVER_SHUTDOWN', 'Server shutdown in progress', false)), /database/],
    ['mysql2 refused, as a cause', Object.assign(new Error('pool'), { cause: socketError('ECONNREFUSED') }), /dependency|database/],
    [
      'a refused dual-stack connect (AggregateError)',
      Object.assign(new AggregateError([socketError('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' }),
      /unavailable/,
    ],
    ['mysql2 closed-state enqueue', new Error("Can't add new command when connection is in closed state"), /unavailable/],
    ['SQLite locked by another process past busy_timeout', new SqliteError('database is locked', 'SQLITE_BUSY'), /database/],
    ['SQLite disk I/O error', new SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE'), /database/],
  ])('maps %s', (_name, error, named) => {
    const outage = dependencyOutage(error);
    expect(outage?.code).toBe('dependency_unavailable');
    expect(outage?.status).toBe(503);
    expect(outage?.message).toMatch(named);
    const response = toErrorResponse(error);
    expect(response).toMatchObject({ status: 503, unexpected: false, outage: true });
    expect(Object.keys(response.body).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
    expect(response.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'dependency_unavailable' });
  });

  it.each([
    ['a duplicate key', new QueryFailedError('INSERT', [], mysqlError('ER_DUP_ENTRY', 'Duplicate entry', false))],
    ['a SQL syntax error', new QueryFailedError('SELEC', [], mysqlError('ER_PARSE_ERROR', 'You have an error', false))],
    ['a SQLite constraint', new SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['an application error', new CommonException(CommonErrorCode.VALIDATION_FAILED, 'Connection lost')],
  ])('leaves %s alone', (_name, error) => {
    expect(dependencyOutage(error)).toBeNull();
    expect(toErrorResponse(error).body.code).not.toBe('dependency_unavailable');
  });
});
