import { APP_SCHEMA } from '../app.schema';
import { DynamicModule, Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ClockModule } from '../common/clock/clock.module';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { RedisModule } from '../redis/redis.module';
import { TemplateFilesModule } from '../template-files/template-files.module';

/** Only what the commands use: no HTTP, no render pool. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: CliModule, imports: [ConfigModule.forRoot(config), ClockModule, RedisModule, DatabaseModule.forRoot(APP_SCHEMA), AccountsModule, TemplateFilesModule] };
  }
}
