import { Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule, Params } from 'nestjs-pino';
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

/** One JSON line per request (nestjs-pino), with the request id Fastify assigned (X-Request-Id). */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig): Params => ({
        pinoHttp: {
          level: config.logLevel,
          transport: config.logFormat === 'pretty' ? { target: 'pino-pretty' } : undefined,
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          genReqId: (request: IncomingMessage) => (request as IncomingMessage & { id?: string }).id ?? 'unknown',
          customLogLevel: (_request: IncomingMessage, response: ServerResponse, error?: Error) =>
            error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
          serializers: {
            req: (request: { id: string; method: string; url: string; headers: Record<string, string | undefined>; remoteAddress?: string }) => ({
              id: request.id,
              method: request.method,
              // The path only: query strings can carry signatures and user text.
              url: request.url.split('?')[0],
              userAgent: request.headers['user-agent'],
              remoteAddress: request.remoteAddress,
            }),
            res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
          },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
