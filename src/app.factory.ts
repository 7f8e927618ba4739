import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { FONT_UPLOAD_LIMITS } from './fonts/dto/font-upload';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiKeysService } from './accounts/api-keys.service';
import type { AuthenticatedRequest } from './accounts/auth/authenticated-request';
import { authenticateRequest } from './accounts/auth/bearer-authentication';
import { checkEditorSessionRoute, EDITOR_SESSION_ROUTE_CONFIG } from './accounts/auth/editor-session-access.decorator';
import { EditorSessionAuthority, EditorSessionRule } from './accounts/auth/editor-session-authority';
import { SessionAuthenticator } from './accounts/auth/session-authenticator';
import { ChangeFeed } from './database/change-feed';
import { answerClientError, answerFrameworkError } from './common/http/http-layer-errors';
import { RouteFlag, RouteFlags } from './common/http/route-flags';
import { addRouteHooks, answerHookError, RouteHooksRegistry, routePreHandler } from './common/http/route-hooks';
import { AppLogger } from './logging/app-logger';
import { installLeanAsyncResourceBind } from './common/runtime/lean-async-resource-bind';

export const MAX_BODY_BYTES = 1024 * 1024;
/** §20: headers and body must arrive within this, else the socket is closed (HTTP_REQUEST_TIMEOUT). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** Fastify's own JSON parser only: Nest's default would also accept form bodies, which are a 415 here. */
export const NEST_APPLICATION_OPTIONS = { bodyParser: false } as const;

/**
 * The HTTP platform: Fastify with the contract's body limit, request ids, timeouts and error shapes.
 * `trustProxy` (TRUST_PROXY): the proxies whose X-Forwarded-For gives the client address (`request.ip`).
 */
export function createHttpAdapter(options: { requestTimeoutMs?: number; trustProxy?: false | string[] } = {}): FastifyAdapter {
  installLeanAsyncResourceBind();
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return new FastifyAdapter({
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { maxParamLength: 200 },
    // Slow clients: the whole request (requestTimeout) and its headers (headersTimeout) must arrive in
    // time. Node checks its connections every connectionsCheckingInterval (30 s by default: a slow
    // request could then live for a minute).
    requestTimeout,
    http: { headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1_000, requestTimeout) },
    frameworkErrors: answerFrameworkError,
    // Names are data (§20): a `__proto__` key is kept as an ordinary own property (JSON.parse never sets a
    // prototype); the code that reads such keys uses null-prototype objects or Maps.
    onProtoPoisoning: 'ignore',
    clientErrorHandler: answerClientError,
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
      done(
        Object.assign(new Error('Unsupported Media Type: application/x-www-form-urlencoded'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }),
        undefined,
      );
      return;
    }
    const form: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(body as string)) if (!(key in form)) form[key] = value;
    done(null, form);
  });
  // Caches checked against the change feed see, for each request, every commit made before it arrived.
  const changes = app.get(ChangeFeed);
  fastify.addHook('onRequest', (_request, _reply, done) => {
    changes.requestArrived();
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // A multipart body is read by its handler, not before: one answered unread (401, 413, a bad field)
    // would leave its rest on a kept-alive connection, so that connection closes after the answer.
    if (!request.raw.complete && request.isMultipart()) reply.header('connection', 'close');
    done(null, payload);
  });
  // Route-level hooks, added as routes register (Nest registers them at init, after this runs), so
  // public routes (the cached-render hot path) carry none.
  const apiKeys = app.get(ApiKeysService);
  // Provided by the dashboard module; an app without it knows API keys only.
  let sessions: SessionAuthenticator | null = null;
  try {
    sessions = app.get(SessionAuthenticator, { strict: false });
  } catch {
    sessions = null;
  }
  // Provided by the editor-sessions module (§23); without it an editor session's token is a 401.
  let editorSessions: EditorSessionAuthority | null = null;
  try {
    editorSessions = app.get(EditorSessionAuthority, { strict: false });
  } catch {
    editorSessions = null;
  }
  const routeHooks = app.get(RouteHooksRegistry);
  fastify.addHook('onRoute', (route) => {
    const flags = (route.config ?? {}) as RouteFlags;
    const hooks = <T>(existing: T | T[] | undefined): T[] => (existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]);
    const rule = (route.config as Record<string, unknown> | undefined)?.[EDITOR_SESSION_ROUTE_CONFIG] as EditorSessionRule | undefined;
    if (!flags[RouteFlag.PUBLIC]) {
      // The API key is checked before the body is read: without a valid one, a request is a 401
      // whatever its body (malformed, of the wrong type, too large). The guard reuses the principal.
      route.onRequest = [
        ...hooks(route.onRequest),
        async (request: AuthenticatedRequest, reply: FastifyReply) => {
          try {
            request.principal = await authenticateRequest(request, apiKeys, sessions, editorSessions);
            // An editor session on a route it may not call is refused before its body is read.
            checkEditorSessionRoute(request.principal, rule);
          } catch (error) {
            return answerHookError(reply, error);
          }
        },
      ] as typeof route.onRequest;
    }
    // An editor session's grant is judged against the parsed body before any feature's hook (an idempotent
    // replay must not answer a session what its grant does not allow); ApiKeyGuard then finds it done.
    if (rule !== undefined && editorSessions) {
      const authority = editorSessions;
      route.preHandler = [
        ...hooks(route.preHandler),
        routePreHandler((request: AuthenticatedRequest) => {
          const principal = request.principal;
          if (!principal?.editorSession) return undefined;
          return authority.authorize(principal.editorSession, principal.account, rule, request).then(() => {
            request.editorSessionAuthorized = true;
          });
        }),
      ] as typeof route.preHandler;
    }
    for (const feature of routeHooks.matching(flags)) addRouteHooks(route, feature);
    if (flags[RouteFlag.NO_BODY]) {
      // A body of "none": an empty body is accepted whatever its declared type (no parser runs).
      route.preParsing = [
        ...hooks(route.preParsing),
        async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
          const length = request.headers['content-length'];
          if (request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) delete request.headers['content-type'];
          return payload;
        },
      ] as typeof route.preParsing;
    }
  });
  const logger = app.get(AppLogger);
  fastify.addHook('onResponse', (request, reply, done) => {
    logger.logRequest(request, reply);
    done();
  });
}
