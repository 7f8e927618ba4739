import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';

/** Flags a controller method carries into its Fastify route config, where hooks below Nest can read them. */
export enum RouteFlag {
  /** No API key needed (set by @Public()). */
  PUBLIC = 'pictorPublic',
  /** The endpoint takes no body: an empty one is accepted with any content type. */
  NO_BODY = 'pictorNoBody',
  /** Takes `Idempotency-Key` (§22; set by @Idempotent()). */
  IDEMPOTENT = 'pictorIdempotent',
  /** The handler returns a RenderedAnswer: its headers and metrics are applied below Nest (@AnswersRender()). */
  RENDERED_ANSWER = 'pictorRenderedAnswer',
}

export type RouteFlags = Partial<Record<RouteFlag, boolean>>;

/** Adds `flag` to the Fastify route config of `handler` (Nest copies it onto the route it registers). */
export function flagRoute(handler: object, flag: RouteFlag): void {
  const current = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) as RouteFlags | undefined) ?? {};
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...current, [flag]: true }, handler);
}

/** Flags one method, or every method of a controller class. */
export function routeFlagDecorator(flag: RouteFlag): MethodDecorator & ClassDecorator {
  return ((target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      flagRoute(descriptor.value as object, flag);
      return descriptor;
    }
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const value = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (name !== 'constructor' && typeof value === 'function') flagRoute(value, flag);
    }
    return undefined;
  }) as MethodDecorator & ClassDecorator;
}

/** For endpoints whose body is "none" in the contract (secret rotation). */
export const NoBody = (): MethodDecorator => routeFlagDecorator(RouteFlag.NO_BODY);
