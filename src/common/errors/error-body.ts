import { HttpException } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import { AppException, CommonErrorCode } from './app-exception';
import { dependencyOutage } from './dependency-outage';

export interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** True when the cause is ours, not the client's: log it with its stack. */
  unexpected: boolean;
  /** True for a database or Redis that went away (503 `dependency_unavailable`): log one line, no stack. */
  outage?: boolean;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: CommonErrorCode.VALIDATION_FAILED,
  401: 'unauthorized',
  403: 'forbidden',
  404: CommonErrorCode.NOT_FOUND,
  405: CommonErrorCode.METHOD_NOT_ALLOWED,
  413: CommonErrorCode.PAYLOAD_TOO_LARGE,
  414: 'uri_too_long',
  415: CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
};

function body(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message, code, ...extra };
}

/** Maps anything thrown into the contract's JSON error body; never leaks internals. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppException) {
    return { status: error.status, body: body(error.status, error.code, error.message, error.extra), headers: error.headers, unexpected: false };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    // Terminus health results keep their own documented format (status, info, error, details).
    if (typeof response === 'object' && response && 'details' in response && (response as { status?: string }).status === 'error') {
      return { status, body: response, headers: {}, unexpected: false };
    }
    const message = typeof response === 'object' && response && 'message' in response ? [response.message].flat().join('; ') : error.message;
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? CommonErrorCode.INTERNAL_ERROR : 'request_failed');
    return { status, body: body(status, code, status >= 500 ? 'Internal server error' : message), headers: {}, unexpected: status >= 500 };
  }
  // Wherever it was thrown (a guard, a repository, a Redis script), a dependency that went away is a 503.
  const outage = dependencyOutage(error);
  if (outage) return { status: 503, body: body(503, outage.code, outage.message), headers: {}, unexpected: false, outage: true };
  const candidate = error as { statusCode?: number; message?: string };
  // Other client errors raised by the HTTP layer (e.g. malformed JSON from the parser).
  if (candidate?.statusCode && candidate.statusCode >= 400 && candidate.statusCode < 500) {
    const status = candidate.statusCode;
    const code = CODE_BY_STATUS[status] ?? 'request_failed';
    return { status, body: body(status, code, candidate.message ?? 'Bad request'), headers: {}, unexpected: false };
  }
  return { status: 500, body: body(500, CommonErrorCode.INTERNAL_ERROR, 'Internal server error'), headers: {}, unexpected: true };
}
