import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AccountsModule, AuthModule } from './accounts/accounts.module';
import { ClockModule } from './common/clock/clock.module';
import { HttpExceptionFilter } from './common/errors/http-exception.filter';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { FontsModule } from './fonts/fonts.module';
import { HealthModule } from './health/health.module';
import { NetworkModule } from './network/network.module';
import { RenderModule } from './render/render.module';
import { StorageModule } from './storage/storage.module';
import { TemplatesModule } from './templates/templates.module';

@Module({})
export class AppModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        DatabaseModule,
        NetworkModule,
        AccountsModule,
        AuthModule,
        TemplatesModule,
        FontsModule,
        StorageModule,
        RenderModule,
        HealthModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
