import { APP_SCHEMA } from './app.schema';
import { DynamicModule, Module } from '@nestjs/common';
import type Piscina from 'piscina';
import { APP_FILTER } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { AccountsModule, AuthModule } from './accounts/accounts.module';
import { AssetsModule } from './assets/assets.module';
import { ClockModule } from './common/clock/clock.module';
import { CryptoModule } from './common/crypto/crypto.module';
import { RouteHooksModule } from './common/http/route-hooks.module';
import { HttpExceptionFilter } from './common/errors/http-exception.filter';
import { AppConfig, loadConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DatabaseModule } from './database/database.module';
import { FontsModule } from './fonts/fonts.module';
import { HealthModule } from './health/health.module';
import { LoggingModule } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { NetworkModule } from './network/network.module';
import { OpenApiModule } from './openapi/openapi.module';
import { PreviewModule } from './preview/preview.module';
import { RedisModule } from './redis/redis.module';
import { RenderModule } from './render/render.module';
import { RenderPoolModule } from './render/renderer/render-pool.module';
import { StorageModule } from './storage/storage.module';
import { SettingsModule } from './settings/settings.module';
import { TemplatesModule } from './templates/templates.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { JobsModule } from './jobs/jobs.module';
import { EditorSessionsModule } from './editor-sessions/editor-sessions.module';

/** What an entry point has already started before loading the application (main.ts: the render threads). */
export interface AppModuleStarted {
  renderPool?: Piscina;
}

@Module({})
export class AppModule {
  static forRoot(given?: AppConfig, started: AppModuleStarted = {}): DynamicModule {
    const config = given ?? loadConfig();
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        ClockModule,
        CryptoModule,
        RouteHooksModule,
        EventEmitterModule.forRoot(),
        MetricsModule,
        RedisModule,
        DatabaseModule.forRoot(APP_SCHEMA),
        NetworkModule,
        AccountsModule,
        AuthModule,
        TemplatesModule,
        FontsModule,
        AssetsModule,
        StorageModule,
        RenderPoolModule.forRoot(started.renderPool),
        RenderModule,
        PreviewModule,
        HealthModule,
        SettingsModule,
        WebhooksModule,
        // BullMQ is loaded only with REDIS_URL: a single instance never pays for it at start-up.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        ...(config.redisUrl ? [(require('./jobs/queue/job-queue.module') as typeof import('./jobs/queue/job-queue.module')).JobQueueModule.forRoot()] : []),
        JobsModule.forRoot(config),
        DashboardModule,
        EditorSessionsModule,
        OpenApiModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
