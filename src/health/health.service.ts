import { Injectable, Optional } from '@nestjs/common';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { AppConfig } from '../config/app-config';
import { RedisConnections } from '../redis/redis-connections';
import { RendererService } from '../render/renderer/renderer.service';
import { ImageStorage } from '../storage/image-storage';
import { DependencyHealthIndicator } from './dependency.health';
import { QueueProbe } from './queue-probe';

const CHECK_TIMEOUT_MS = 2_000;

/** One indicator per dependency, in terminus's format (503 names the one that is down). */
@Injectable()
export class HealthService {
  constructor(
    private readonly config: AppConfig,
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly dependency: DependencyHealthIndicator,
    private readonly storage: ImageStorage,
    private readonly redis: RedisConnections,
    private readonly renderer: RendererService,
    /** Present with REDIS_URL: the jobs' BullMQ queue (§22). */
    @Optional() private readonly jobQueue?: QueueProbe,
  ) {}

  live() {
    return this.health.check([]);
  }

  ready() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: CHECK_TIMEOUT_MS }),
      () => this.dependency.check('storage', () => this.storage.probe(), CHECK_TIMEOUT_MS),
      ...(this.redis.client ? [() => this.dependency.check('redis', () => this.redis.ping(), CHECK_TIMEOUT_MS)] : []),
      ...(this.jobQueue ? [() => this.dependency.check('queue', () => this.jobQueue!.ping(), CHECK_TIMEOUT_MS)] : []),
      () => this.dependency.check('renderer', () => this.renderer.probe(), CHECK_TIMEOUT_MS),
    ]);
  }
}
