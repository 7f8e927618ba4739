import { Injectable } from '@nestjs/common';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { RateLimitStore } from '../billing/rate-limit/rate-limit-store';
import { AppConfig } from '../config/app-config';
import { RendererService } from '../render/renderer/renderer.service';
import { ImageStorage } from '../storage/image-storage';
import { DependencyHealthIndicator } from './dependency.health';

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
    private readonly rateLimits: RateLimitStore,
    private readonly renderer: RendererService,
  ) {}

  live() {
    return this.health.check([]);
  }

  ready() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: CHECK_TIMEOUT_MS }),
      () => this.dependency.check('storage', () => this.storage.probe(), CHECK_TIMEOUT_MS),
      ...(this.config.redisUrl ? [() => this.dependency.check('redis', () => this.rateLimits.ping(), CHECK_TIMEOUT_MS)] : []),
      () => this.dependency.check('renderer', () => this.renderer.probe(), CHECK_TIMEOUT_MS),
    ]);
  }
}
