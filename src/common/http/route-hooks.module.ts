import { Global, Module } from '@nestjs/common';
import { RouteHooksRegistry } from './route-hooks';

@Global()
@Module({ providers: [RouteHooksRegistry], exports: [RouteHooksRegistry] })
export class RouteHooksModule {}
