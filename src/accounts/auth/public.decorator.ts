import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'pictor:isPublic';

/** Opts a route out of the global bearer guard. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
