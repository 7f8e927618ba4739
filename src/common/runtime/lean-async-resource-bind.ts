import { AsyncResource } from 'node:async_hooks';

type Bound = (...args: unknown[]) => unknown;

let installed = false;

/**
 * Node 20's `AsyncResource#bind` gives every bound function a deprecated `asyncResource` accessor made by two
 * `util.deprecate` calls (DEP0172). Fastify binds its body parser's callback and Nest binds each interceptor's
 * `next` once per request, so those wrappers measured ~8 % of the main thread's CPU on cached answers. This is
 * the same binding (same async context, `this` and `length`) without the deprecated accessor, which nothing
 * here reads. Newer Node majors have their own implementation, left alone.
 */
export function installLeanAsyncResourceBind(): void {
  if (installed || Number(process.versions.node.split('.')[0]) !== 20) return;
  installed = true;
  const prototype = AsyncResource.prototype as unknown as { bind(fn: Bound, thisArg?: unknown): Bound };
  prototype.bind = function bind(this: AsyncResource, fn: Bound, thisArg?: unknown): Bound {
    if (typeof fn !== 'function') throw Object.assign(new TypeError('The "fn" argument must be of type function'), { code: 'ERR_INVALID_ARG_TYPE' });
    const bound = thisArg === undefined ? unboundThis(this, fn) : (this.runInAsyncScope.bind(this, fn, thisArg) as Bound);
    Object.defineProperty(bound, 'length', { configurable: true, enumerable: false, value: fn.length, writable: false });
    return bound;
  };
}

/** Calls `fn` in `resource`'s context with the caller's `this`, as Node's bind does without a thisArg. */
function unboundThis(resource: AsyncResource, fn: Bound): Bound {
  return function (this: unknown, ...args: unknown[]) {
    return resource.runInAsyncScope(fn, this, ...args);
  };
}
