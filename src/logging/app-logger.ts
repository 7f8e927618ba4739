import { Injectable, LoggerService } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pino, { Level, Logger } from 'pino';
import { AppConfig } from '../config/app-config';

/** Paths pino removes from every log line: credentials never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.apiKey',
  '*.webhookSecret',
  '*.urlSigningSecret',
  '*.password',
];

type Parameters = unknown[];

/**
 * One pino logger for the process: Nest's own log calls (this is its LoggerService) and one JSON line
 * per request, written from a Fastify onResponse hook. No per-request middleware or async context:
 * nestjs-pino's pino-http + AsyncLocalStorage cost about a third of a cached answer's CPU (docs/performance.md).
 */
@Injectable()
export class AppLogger implements LoggerService {
  readonly pino: Logger;

  constructor(config: AppConfig) {
    this.pino = pino({
      level: config.logLevel,
      transport: config.logFormat === 'pretty' ? { target: 'pino-pretty' } : undefined,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    });
  }

  log(message: unknown, ...parameters: Parameters): void {
    this.write('info', message, parameters);
  }

  error(message: unknown, ...parameters: Parameters): void {
    this.write('error', message, parameters);
  }

  warn(message: unknown, ...parameters: Parameters): void {
    this.write('warn', message, parameters);
  }

  debug(message: unknown, ...parameters: Parameters): void {
    this.write('debug', message, parameters);
  }

  verbose(message: unknown, ...parameters: Parameters): void {
    this.write('trace', message, parameters);
  }

  fatal(message: unknown, ...parameters: Parameters): void {
    this.write('fatal', message, parameters);
  }

  /** The request line: the path only (query strings can carry signatures and user text), never headers. */
  logRequest(request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const level: Level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (!this.pino.isLevelEnabled(level)) return;
    this.pino[level](
      {
        req: {
          id: request.id,
          method: request.method,
          // An embed's path is its credential (§23).
          url: request.url.split('?')[0].replace(/^\/embed\/[^/]+/, '/embed/[redacted]'),
          userAgent: request.headers['user-agent'],
          remoteAddress: request.socket.remoteAddress,
        },
        res: { statusCode: status },
        responseTime: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  }

  /** Nest passes the logger's context last, and for errors the stack before it. */
  private write(level: Level, message: unknown, parameters: Parameters): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const values = [...parameters];
    const context = values.length > 0 && typeof values[values.length - 1] === 'string' ? (values.pop() as string) : undefined;
    const stack = level === 'error' && typeof values[0] === 'string' ? (values.shift() as string) : undefined;
    const fields: Record<string, unknown> = { ...(context ? { context } : {}), ...(stack ? { stack } : {}) };
    if (message instanceof Error) this.pino[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ ...fields, ...message });
    else this.pino[level](fields, String(message));
  }
}
