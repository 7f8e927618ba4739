import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type Database from 'better-sqlite3';
import { DataSource } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { AppConfig } from '../config/app-config';
import { RedisConnections } from '../redis/redis-connections';
import { ChangeFeed, createRedisChangeFeed, NoChangeFeed, SqliteChangeFeed } from './change-feed';
import { buildDataSourceOptions } from './data-source-options';
import type { DatabaseSchema } from './database-schema';
import { runMigrations } from './run-migrations';
import { SchedulerLeases } from './scheduler-lease';

/** SQLite's own commit counter where it can see every writer, else Redis pub/sub, else no caching. */
function createChangeFeed(config: AppConfig, dataSource: DataSource, redis: RedisConnections): ChangeFeed {
  if (config.database.type === 'sqlite') return new SqliteChangeFeed((dataSource.driver as BetterSqlite3Driver).databaseConnection as Database.Database);
  return redis.client ? createRedisChangeFeed(redis) : new NoChangeFeed();
}

/** Opens the database with the tables the feature modules contribute, and brings its schema up to date before anything else uses it. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(schema: DatabaseSchema): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => buildDataSourceOptions(config, schema),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            await runMigrations(dataSource);
            return dataSource;
          },
        }),
      ],
      providers: [{ provide: ChangeFeed, inject: [AppConfig, DataSource, RedisConnections], useFactory: createChangeFeed }, SchedulerLeases],
      exports: [ChangeFeed, SchedulerLeases],
    };
  }
}
