import 'reflect-metadata';
import { APP_SCHEMA } from './src/app.schema';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config';
import { buildDataSourceOptions } from './src/database/data-source-options';

/** For the TypeORM CLI: the same validated config the app reads. */
export default new DataSource(buildDataSourceOptions(loadConfig(), APP_SCHEMA));
