import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Codes of the errors the HTTP layer raises before any route runs. */
export enum HttpLayerErrorCode {
  BAD_URL = 'bad_url',
  URI_TOO_LONG = 'uri_too_long',
  HEADERS_TOO_LARGE = 'headers_too_large',
  REQUEST_TIMEOUT = 'request_timeout',
  MALFORMED_REQUEST = 'malformed_request',
}

const errorBody = (status: number, code: HttpLayerErrorCode, message: string) => ({ statusCode: status, error: STATUS_CODES[status], message, code });

/** Fastify's routing errors (bad percent-encoding, a parameter over maxParamLength) in the §3 shape. */
export function answerFrameworkError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  // These answers skip the onSend hooks, where every other answer gets its request id.
  void reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send(errorBody(414, HttpLayerErrorCode.URI_TOO_LONG, 'A path parameter is longer than 200 characters'));
    return;
  }
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is not validly percent-encoded' : 'The request could not be routed';
  void reply.code(400).send(errorBody(400, error.code === 'FST_ERR_BAD_URL' ? HttpLayerErrorCode.BAD_URL : HttpLayerErrorCode.MALFORMED_REQUEST, message));
}

/**
 * Errors Node's HTTP parser raises before a request exists (headers too large, a request too slow,
 * unparsable bytes): answered in the §3 shape on the raw socket, with a fresh request id, then closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, HttpLayerErrorCode.REQUEST_TIMEOUT, 'The request headers or body did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, HttpLayerErrorCode.HEADERS_TOO_LARGE, 'The request headers are larger than 16 KB']
        : [400, HttpLayerErrorCode.MALFORMED_REQUEST, 'The request is not valid HTTP'];
  const body = JSON.stringify(errorBody(status, code, message));
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${randomUUID()}`,
    'Connection: close',
  ].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`);
  // A client that never reads cannot keep the socket: it goes once written, or after a second at most.
  socket.once('finish', () => socket.destroy());
  setTimeout(() => socket.destroy(), 1_000).unref();
}
