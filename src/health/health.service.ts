import { Injectable } from '@nestjs/common';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { StorageHealthIndicator } from './storage.health';

const CHECK_TIMEOUT_MS = 2_000;

/** One indicator per dependency, in terminus's format (503 names the one that is down). */
@Injectable()
export class HealthService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly storage: StorageHealthIndicator,
  ) {}

  live() {
    return this.health.check([]);
  }

  ready() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: CHECK_TIMEOUT_MS }),
      () => this.storage.check('storage'),
    ]);
  }
}
