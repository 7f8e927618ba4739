import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sourceFiles } from '../test/support/source-files';

/**
 * SQL lives in repositories: a table's statements, its TypeORM Repository and the DataSource are held by the
 * `*.repository.ts` that owns the table (which also announces its writes on the change feed), so a service
 * reads as rules and a table's every statement is in one file. `database/` (migrations runner, SQL helpers,
 * change feed, scheduler leases) and migrations are infrastructure and exempt. A file that breaks this fails
 * here, named with what it holds.
 */
const SOURCE = __dirname;

/** TypeORM's handles on the database. Entity decorators, `QueryFailedError` and `TypeOrmModule` stay allowed. */
const DATABASE_HANDLES: Record<string, ReadonlySet<string>> = {
  typeorm: new Set(['Repository', 'DataSource', 'EntityManager', 'QueryRunner', 'SelectQueryBuilder', 'QueryBuilder']),
  '@nestjs/typeorm': new Set(['InjectRepository', 'InjectDataSource', 'InjectEntityManager', 'getRepositoryToken', 'getDataSourceToken']),
};

const CALLS: Array<[RegExp, string]> = [
  [/\.query\s*[<(]/, 'calls .query()'],
  [/\bcreateQueryBuilder\b/, 'builds a query (createQueryBuilder)'],
  [/\bcreateQueryRunner\b/, 'opens a query runner'],
  [/\bgetRepository\s*\(/, 'reaches for a Repository (getRepository)'],
];

/** A statement written out in a string: the verbs with what must follow them (upper case, as the code writes SQL). */
const SQL_TEXT = /['"`][^'"`]*\b(?:SELECT\b[^'"`]*\bFROM\s|INSERT(?: OR)?(?: IGNORE)? INTO\s|INTO \w+ \(|UPDATE \w+ SET\s|DELETE FROM\s)/;

const mayHoldSql = (path: string) => path.startsWith(`database${sep}`) || path.split(sep).includes('migrations') || path.endsWith('.repository.ts');

/** What in `text` only a repository may hold. */
export function databaseAccessIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\bimport\s+(type\s+)?(\*\s+as\s+\w+|[\w\s,{}]*?)\s*from\s+['"]([^'"]+)['"]/g)) {
    const module = match[3].replace(/^typeorm\/.*$/, 'typeorm');
    const handles = DATABASE_HANDLES[module];
    if (!handles) continue;
    if (match[2].startsWith('*')) found.push(`imports all of '${module}'`);
    const names = (/\{([^}]*)\}/.exec(match[2])?.[1] ?? '')
      .split(',')
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0],
      )
      .filter((name) => handles.has(name));
    for (const name of names) found.push(`imports ${name} from '${module}'`);
  }
  for (const [pattern, what] of CALLS) if (pattern.test(text)) found.push(what);
  if (SQL_TEXT.test(text)) found.push('writes SQL');
  return found;
}

describe('SQL only in repositories', () => {
  const files = sourceFiles(SOURCE).map((file) => relative(SOURCE, file));

  it('keeps TypeORM handles, queries and SQL text out of every file that is not a repository, a migration or database/', () => {
    const outside = files
      .filter((file) => !mayHoldSql(file))
      .flatMap((file) => databaseAccessIn(readFileSync(join(SOURCE, file), 'utf8')).map((what) => `${file} ${what}`));
    expect(outside).toEqual([]);
  });

  it('injects each entity’s TypeORM Repository in one repository only (one repository per table)', () => {
    const owners = new Map<string, string[]>();
    for (const file of files) {
      for (const [, entity] of readFileSync(join(SOURCE, file), 'utf8').matchAll(/@InjectRepository\((\w+)\)/g)) {
        owners.set(entity, [...(owners.get(entity) ?? []), file]);
      }
    }
    expect([...owners].filter(([, owning]) => owning.length > 1).map(([entity, owning]) => `${entity}: ${owning.join(', ')}`)).toEqual([]);
  });

  it('recognises what it forbids (so the checks above cannot pass by matching nothing)', () => {
    expect(databaseAccessIn("import { InjectRepository } from '@nestjs/typeorm';\nimport { LessThan, type Repository } from 'typeorm';")).toEqual([
      "imports InjectRepository from '@nestjs/typeorm'",
      "imports Repository from 'typeorm'",
    ]);
    expect(databaseAccessIn("import type { DataSource } from 'typeorm';")).toEqual(["imports DataSource from 'typeorm'"]);
    expect(databaseAccessIn('await this.dataSource.query(sql, []);')).toEqual(['calls .query()']);
    expect(databaseAccessIn('const sql = `${insertIgnore(ds)} INTO render_cache (cache_key) VALUES (?)`;')).toEqual(['writes SQL']);
    expect(databaseAccessIn("const sql = 'SELECT * FROM templates WHERE id = ?';")).toEqual(['writes SQL']);
    expect(databaseAccessIn("repository.createQueryBuilder('t').where('t.id = :id')")).toEqual(['builds a query (createQueryBuilder)']);
    // Allowed outside repositories: the driver's error class, module registration, request query strings.
    expect(databaseAccessIn("import { QueryFailedError } from 'typeorm';\nimport { TypeOrmModule } from '@nestjs/typeorm';\nrequest.query.page;")).toEqual([]);
    // The repositories themselves are what the checks are about.
    const repository = readFileSync(join(SOURCE, 'render', 'render-cache.repository.ts'), 'utf8');
    expect(databaseAccessIn(repository)).toEqual(expect.arrayContaining(["imports DataSource from 'typeorm'", 'calls .query()', 'writes SQL']));
  });
});
