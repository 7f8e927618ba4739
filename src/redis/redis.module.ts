import { Global, Module } from '@nestjs/common';
import { RedisConnections } from './redis-connections';

/** Owns the Redis connections for the whole app (none when `REDIS_URL` is unset). */
@Global()
@Module({
  providers: [RedisConnections],
  exports: [RedisConnections],
})
export class RedisModule {}
