import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { toErrorResponse } from '../errors/error-body';
import type { RouteFlag, RouteFlags } from './route-flags';

/**
 * A feature's Fastify hooks for the routes that carry its flag, in place of a Nest interceptor: each interceptor
 * on a route costs every request its rxjs chain (~14 µs of a cached answer's ~85, docs/performance.md).
 * configureHttpPlatform installs them as routes register, after the API key and editor-session checks.
 */
export interface RouteHooks {
  readonly flag: RouteFlag;
  /**
   * The body is parsed and the caller authorized. Returns nothing to go on at once, or a promise (awaited): one that
   * resolves to the reply has answered the request, which ends there.
   */
  preHandler?(request: FastifyRequest, reply: FastifyReply): Promise<unknown> | undefined;
  /** The handler's object (or an error body) before it is serialized; returns what is serialized instead. */
  preSerialization?(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown;
  /** The answer's bytes before they go out: returns them (or a promise of them), possibly replaced. */
  onSend?(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown;
}

/** Features register their RouteHooks at construction (before routes register); the HTTP platform reads them. */
@Injectable()
export class RouteHooksRegistry {
  private readonly all: RouteHooks[] = [];

  register(hooks: RouteHooks): void {
    this.all.push(hooks);
  }

  /** The hooks a route with these flags runs, in registration order. */
  matching(flags: RouteFlags): RouteHooks[] {
    return this.all.filter((hooks) => flags[hooks.flag]);
  }
}

/** A hook's error answered as the global filter answers a handler's (a hook's throw would bypass the filter). */
export function answerHookError(reply: FastifyReply, error: unknown): FastifyReply {
  const answer = toErrorResponse(error);
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

type Done = (error?: Error | null, payload?: unknown) => void;

/**
 * A preHandler as a Fastify callback hook (an async one would add a promise to every answer): its errors
 * answered, an answer it sent ending the request.
 */
export function routePreHandler(hook: NonNullable<RouteHooks['preHandler']>) {
  return (request: FastifyRequest, reply: FastifyReply, done: Done): void => {
    let pending: Promise<unknown> | undefined;
    try {
      pending = hook(request, reply);
    } catch (error) {
      answerHookError(reply, error);
      return;
    }
    if (!pending) return done();
    pending.then(
      (result) => {
        if (result !== reply) done();
      },
      (error: unknown) => answerHookError(reply, error),
    );
  };
}

/** A preSerialization or onSend as a Fastify callback hook: the payload it returns, or the one a promise gives. */
export function routePayloadHook(hook: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => unknown) {
  return (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: Done): void => {
    let result: unknown;
    try {
      result = hook(request, reply, payload);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (result instanceof Promise) result.then((replaced: unknown) => done(null, replaced), done);
    else done(null, result);
  };
}

const listOf = <T>(existing: T | T[] | undefined): T[] => (existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]);

/** Appends a feature's hooks to a route being registered (Fastify's onRoute), after the ones it has. */
export function addRouteHooks(route: RouteOptions, feature: RouteHooks): void {
  if (feature.preHandler) route.preHandler = [...listOf(route.preHandler), routePreHandler(feature.preHandler.bind(feature))] as typeof route.preHandler;
  if (feature.preSerialization) {
    route.preSerialization = [...listOf(route.preSerialization), routePayloadHook(feature.preSerialization.bind(feature))] as typeof route.preSerialization;
  }
  if (feature.onSend) route.onSend = [...listOf(route.onSend), routePayloadHook(feature.onSend.bind(feature))] as typeof route.onSend;
}
