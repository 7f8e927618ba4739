import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { sourceFiles } from '../test/support/source-files';

/**
 * The map of the rooms: which top-level folder of src/ may import which. Bottom first: infrastructure, then the
 * design model, then features, then the app. A folder imports only what its row names (and itself); an import
 * that runs up the house fails here with the file and the import named. `(app)` is the files at src/'s top.
 */
const ROOMS: Record<string, readonly string[]> = {
  // Infrastructure: knows nothing of the product.
  config: [],
  types: [],
  common: ['config'],
  logging: ['config'],
  redis: ['config'],
  network: ['config'],
  database: ['config', 'redis', 'common'],
  // The design model: what a template is (zod and nothing else).
  design: [],
  // Features, each above the ones it names.
  accounts: ['common', 'config', 'database'],
  // Request limits: the sliding-log store, the throttler and the one 429.
  limits: ['common', 'config', 'redis', 'accounts'],
  metrics: ['common', 'logging', 'accounts'],
  settings: ['common', 'accounts'],
  storage: ['common', 'config', 'design', 'accounts'],
  fonts: ['common', 'config', 'database', 'design', 'accounts', 'storage'],
  // The accounts' images (§24), kept in the image store, drawn by `asset:<id>`.
  assets: ['common', 'config', 'database', 'design', 'accounts', 'storage'],
  billing: ['common', 'config', 'database', 'redis', 'metrics', 'accounts', 'limits'],
  // Idempotency keys (§22) for the routes that create or bill.
  idempotency: ['common', 'config', 'database', 'accounts'],
  templates: ['common', 'database', 'design', 'accounts', 'fonts', 'assets'],
  render: [
    'common',
    'config',
    'database',
    'redis',
    'network',
    'design',
    'accounts',
    'limits',
    'metrics',
    'settings',
    'storage',
    'fonts',
    'assets',
    'billing',
    'templates',
    'idempotency',
  ],
  webhooks: ['common', 'database', 'network', 'accounts', 'metrics', 'settings', 'render', 'idempotency'],
  // Jobs: bulk rows rendered through render/, billed by it, announced through webhooks/.
  // Health: readiness of every dependency; the jobs' queue reports through its QueueProbe.
  health: ['common', 'config', 'redis', 'accounts', 'storage', 'billing', 'render'],
  jobs: ['common', 'config', 'database', 'design', 'accounts', 'metrics', 'templates', 'render', 'webhooks', 'idempotency', 'storage', 'health'],
  preview: ['common', 'config', 'design', 'accounts', 'limits', 'fonts', 'billing', 'templates', 'render'],
  'template-files': ['common', 'design', 'accounts', 'templates'],
  // Pages and documents that show every feature.
  // The studio's built front end, served by the dashboard and the embed page alike.
  'studio-bundle': [],
  // Editor sessions (§23): the embed's credential, judged in the accounts guard; its page loads the studio bundle.
  'editor-sessions': ['common', 'config', 'database', 'design', 'accounts', 'templates', 'preview', 'render', 'studio-bundle'],
  dashboard: [
    'common',
    'config',
    'database',
    'design',
    'accounts',
    'limits',
    'settings',
    'fonts',
    'billing',
    'templates',
    'preview',
    'webhooks',
    'jobs',
    'studio-bundle',
  ],
  openapi: [
    'common',
    'config',
    'design',
    'accounts',
    'metrics',
    'settings',
    'storage',
    'fonts',
    'assets',
    'billing',
    'templates',
    'render',
    'webhooks',
    'jobs',
    'idempotency',
    'preview',
    'health',
    'editor-sessions',
  ],
  // The app: wires everything.
  client: [],
  cli: ['(app)', 'common', 'config', 'database', 'redis', 'accounts', 'template-files', 'jobs'],
  '(app)': ['*'],
};

/** Packages the design model may import: it is pure data and validation, loaded by the API, the worker's planner and the studio. */
const DESIGN_PACKAGES = new Set(['zod']);

const SOURCE = __dirname;

const roomOf = (file: string) => {
  const [top] = relative(SOURCE, file).split(sep);
  return top.endsWith('.ts') ? '(app)' : top;
};

/** Every `import … from`, `export … from` and dynamic import or require of a file, with the target resolved. */
function importsOf(file: string): Array<{ specifier: string; target: string | null }> {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'|\bimport\('([^']+)'\)|\brequire\('([^']+)'\)|^import '([^']+)'/gm),
  ].map((match) => match[1] ?? match[2] ?? match[3] ?? match[4]);
  return specifiers.map((specifier) => ({
    specifier,
    target: specifier.startsWith('.') ? normalize(join(dirname(file), specifier)) : null,
  }));
}

const FILES = sourceFiles(SOURCE);

describe('the map of the rooms (which folder may import which)', () => {
  it('names every top-level folder of src/', () => {
    const folders = readdirSync(SOURCE, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !(folder in ROOMS))).toEqual([]);
  });

  it('has no import running up the house', () => {
    const upward = FILES.flatMap((file) => {
      const room = roomOf(file);
      const allowed = ROOMS[room];
      if (allowed.includes('*')) return [];
      return importsOf(file)
        .filter(({ target }) => target !== null && target.startsWith(SOURCE))
        .map(({ specifier, target }) => ({ specifier, to: roomOf(target!.endsWith('.ts') ? target! : `${target!}.ts`) }))
        .filter(({ to }) => to !== room && !allowed.includes(to))
        .map(({ specifier, to }) => `${relative(SOURCE, file)} imports ${to}/ ('${specifier}')`);
    });
    expect(upward).toEqual([]);
  });

  it('keeps the design model to zod and its own files', () => {
    const outside = FILES.filter((file) => roomOf(file) === 'design').flatMap((file) =>
      importsOf(file)
        .filter(({ specifier, target }) =>
          target ? !target.startsWith(join(SOURCE, 'design')) : !DESIGN_PACKAGES.has(specifier) && !builtinModules.includes(specifier),
        )
        .map(({ specifier }) => `${relative(SOURCE, file)} imports '${specifier}'`),
    );
    expect(outside).toEqual([]);
  });

  it('is itself a map with no cycle between rooms', () => {
    const visiting = new Set<string>();
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (room: string, path: string[]) => {
      if (done.has(room)) return;
      if (visiting.has(room)) {
        cycles.push([...path.slice(path.indexOf(room)), room].join(' → '));
        return;
      }
      visiting.add(room);
      for (const next of ROOMS[room].filter((name) => name !== '*')) visit(next, [...path, room]);
      visiting.delete(room);
      done.add(room);
    };
    for (const room of Object.keys(ROOMS)) visit(room, []);
    expect(cycles).toEqual([]);
  });

  it('has no import cycle between files (type imports included)', () => {
    const graph = new Map(
      FILES.map((file) => [
        file,
        importsOf(file)
          .map(({ target }) => (target === null ? null : [`${target}.ts`, join(target, 'index.ts')].find((candidate) => FILES.includes(candidate))))
          .filter((target): target is string => Boolean(target)),
      ]),
    );
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(file)), file].map((entry) => relative(SOURCE, entry)).join(' → '));
        return;
      }
      state.set(file, 'visiting');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of FILES) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
