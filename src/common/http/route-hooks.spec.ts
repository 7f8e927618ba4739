import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { CommonErrorCode, CommonException } from '../errors/app-exception';
import { RouteFlag } from './route-flags';
import { addRouteHooks, RouteHooks, RouteHooksRegistry, routePayloadHook, routePreHandler } from './route-hooks';

/** A reply that records what was sent (the hooks only call code, headers and send). */
function fakeReply() {
  const sent: { status?: number; body?: unknown } = {};
  const reply = {
    code: (status: number) => ((sent.status = status), reply),
    headers: () => reply,
    send: (body: unknown) => ((sent.body = body), reply),
  };
  return { reply: reply as unknown as FastifyReply, sent };
}
const request = {} as FastifyRequest;
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("route hooks (a feature's Fastify hooks in place of a Nest interceptor)", () => {
  it('goes on at once when a preHandler returns nothing, and after its promise otherwise', async () => {
    const { reply } = fakeReply();
    const done = jest.fn();
    routePreHandler(() => undefined)(request, reply, done);
    expect(done).toHaveBeenCalledTimes(1);
    let finish!: () => void;
    routePreHandler(() => new Promise<void>((resolve) => (finish = resolve)))(request, reply, done);
    await settled();
    expect(done).toHaveBeenCalledTimes(1);
    finish();
    await settled();
    expect(done).toHaveBeenCalledTimes(2);
  });

  it('ends the request when a preHandler answered it (resolved to the reply)', async () => {
    const { reply } = fakeReply();
    const done = jest.fn();
    routePreHandler(async () => reply)(request, reply, done);
    await settled();
    expect(done).not.toHaveBeenCalled();
  });

  it("answers a preHandler's error, thrown or rejected, with the error body and its status", async () => {
    for (const hook of [
      () => {
        throw new CommonException(CommonErrorCode.VALIDATION_FAILED, 'bad');
      },
      () => Promise.reject(new CommonException(CommonErrorCode.VALIDATION_FAILED, 'bad')),
    ]) {
      const { reply, sent } = fakeReply();
      const done = jest.fn();
      routePreHandler(hook)(request, reply, done);
      await settled();
      expect(done).not.toHaveBeenCalled();
      expect(sent.status).toBe(400);
      expect(sent.body).toMatchObject({ code: 'validation_failed', message: 'bad' });
    }
  });

  it('passes on the payload a payload hook returns, at once or when its promise settles, and its error', async () => {
    const { reply } = fakeReply();
    const done = jest.fn();
    routePayloadHook((_request, _reply, payload) => `${String(payload)}!`)(request, reply, 'a', done);
    expect(done).toHaveBeenLastCalledWith(null, 'a!');
    routePayloadHook(async (_request, _reply, payload) => `${String(payload)}?`)(request, reply, 'b', done);
    await settled();
    expect(done).toHaveBeenLastCalledWith(null, 'b?');
    const failure = new Error('no');
    routePayloadHook(() => {
      throw failure;
    })(request, reply, 'c', done);
    expect(done).toHaveBeenLastCalledWith(failure);
  });

  it("adds a flagged feature's hooks after a route's own, and only to routes with its flag", () => {
    const registry = new RouteHooksRegistry();
    const feature: RouteHooks = { flag: RouteFlag.IDEMPOTENT, preHandler: () => undefined, onSend: (_request, _reply, payload) => payload };
    registry.register(feature);
    expect(registry.matching({ [RouteFlag.RENDERED_ANSWER]: true })).toEqual([]);
    const own = jest.fn();
    const route = { preHandler: own } as unknown as RouteOptions;
    for (const matched of registry.matching({ [RouteFlag.IDEMPOTENT]: true })) addRouteHooks(route, matched);
    expect(route.preHandler).toHaveLength(2);
    expect((route.preHandler as unknown[])[0]).toBe(own);
    expect(route.onSend).toHaveLength(1);
    expect(route.preSerialization).toBeUndefined();
  });
});
