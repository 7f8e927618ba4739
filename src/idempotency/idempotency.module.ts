import { Module } from '@nestjs/common';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';
import { IdempotencyHooks } from './idempotency.hooks';
import { IdempotencyService } from './idempotency.service';

/** Idempotency keys (§22) for the routes that create or bill; they carry @Idempotent(). */
@Module({
  providers: [IdempotencyKeysRepository, IdempotencyService, IdempotencyHooks],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}
