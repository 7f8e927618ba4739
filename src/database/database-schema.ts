import type { MigrationInterface } from 'typeorm';
import { InitialSchema1763780000000 } from './migrations/1763780000000-initial-schema';
import { ExactIds1763900019500 } from './migrations/1763900019500-exact-ids';
import { ExactIdsNoPad1763900021000 } from './migrations/1763900021000-exact-ids-no-pad';

/**
 * What a feature module contributes to the one database: its entity classes and its migrations.
 * Each module exports one (`<module>.persistence.ts`) and `src/app.schema.ts` assembles them, so
 * this folder imports no feature. Migrations run in timestamp order whatever the assembly order.
 */
export interface DatabaseSchema {
  entities: Array<new (...args: never[]) => object>;
  migrations: Array<new () => MigrationInterface>;
}

/** The first schema (accounts, API keys, templates, render cache), from before modules owned their tables. */
export const BASELINE_SCHEMA: DatabaseSchema = { entities: [], migrations: [InitialSchema1763780000000] };

/** Database-wide: identifier columns of every table compare byte-exactly on MySQL (no table of its own). */
export const EXACT_IDS_SCHEMA: DatabaseSchema = { entities: [], migrations: [ExactIds1763900019500, ExactIdsNoPad1763900021000] };

export function combineSchemas(...parts: DatabaseSchema[]): DatabaseSchema {
  return { entities: parts.flatMap((part) => part.entities), migrations: parts.flatMap((part) => part.migrations) };
}
