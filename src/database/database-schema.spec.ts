import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataArgsStorage } from 'typeorm';
import { APP_SCHEMA } from '../app.schema';

const SOURCE = join(__dirname, '..');

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(directory, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')
        ? [join(directory, entry.name)]
        : [],
  );
}

describe('database schema assembly', () => {
  it('lists every entity class and every migration some module defines (a module that forgets its own fails here)', async () => {
    // Importing every source file under src registers every @Entity and defines every migration class.
    const migrationFiles = files(SOURCE).filter((file) => /[/\\]migrations[/\\]\d+-[\w-]+\.ts$/.test(file));
    const migrationModules = await Promise.all(migrationFiles.map((file) => import(file) as Promise<Record<string, unknown>>));
    const migrationClasses = migrationModules.flatMap((exports) => Object.values(exports));
    for (const file of files(SOURCE).filter((file) => file.endsWith('.entity.ts'))) await import(file);
    const entityClasses = getMetadataArgsStorage().tables.map((table) => table.target);

    expect(migrationClasses.length).toBeGreaterThanOrEqual(6);
    expect(APP_SCHEMA.migrations).toEqual(expect.arrayContaining(migrationClasses));
    expect(APP_SCHEMA.migrations).toHaveLength(new Set(APP_SCHEMA.migrations).size);
    expect(APP_SCHEMA.entities).toEqual(expect.arrayContaining(entityClasses));
  });
});
