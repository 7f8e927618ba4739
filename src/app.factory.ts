import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { FONT_UPLOAD_LIMITS } from './fonts/dto/font-upload';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppLogger } from './logging/app-logger';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Fastify's own JSON parser only: Nest's default would also accept form bodies, which are a 415 here. */
export const NEST_APPLICATION_OPTIONS = { bodyParser: false } as const;

/** The HTTP platform: Fastify with the contract's body limit and request ids. */
export function createHttpAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { maxParamLength: 200 },
    // A client's X-Request-Id is kept (if sane); otherwise one is generated.
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      const id = typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
      return id;
    },
  });
}

/**
 * Settings that live below Nest. Fastify's own errors (413, 415, malformed JSON) reach the global
 * filter through Nest's error handler as HttpExceptions with their status.
 */
export async function configureHttpPlatform(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyCookie);
  // Multipart bodies (font uploads) are read only by handlers that ask for them, within these limits.
  await app.register(fastifyMultipart, { limits: FONT_UPLOAD_LIMITS, throwFileSizeLimit: true });
  const fastify = app.getHttpAdapter().getInstance();
  // The API accepts only JSON bodies; HTML forms are parsed for the dashboard (/app) alone.
  fastify.removeContentTypeParser(['text/plain']);
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    if (!request.url.startsWith('/app/')) {
      done(Object.assign(new Error('Unsupported Media Type: application/x-www-form-urlencoded'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }), undefined);
      return;
    }
    const form: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(body as string)) if (!(key in form)) form[key] = value;
    done(null, form);
  });
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A multipart body is read by its handler, not before: one answered unread (401, 413, a bad field)
    // would leave its rest on a kept-alive connection, so that connection closes after the answer.
    if (!request.raw.complete && request.isMultipart()) reply.header('connection', 'close');
  });
  const logger = app.get(AppLogger);
  fastify.addHook('onResponse', (request, reply, done) => {
    logger.logRequest(request, reply);
    done();
  });
}
