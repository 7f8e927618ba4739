import { applyDecorators, SetMetadata } from '@nestjs/common';
import { RouteFlag, routeFlagDecorator } from '../../common/http/route-flags';

export const IS_PUBLIC = 'pictor:isPublic';

/**
 * Opts a route out of the API-key check: both the global guard (Nest metadata) and the onRequest
 * hook that checks the key before the body is read (Fastify route config).
 */
export const Public = (): MethodDecorator & ClassDecorator => applyDecorators(SetMetadata(IS_PUBLIC, true), routeFlagDecorator(RouteFlag.PUBLIC));
