import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createAccount, sampleTemplate } from './support/factories';
import { freshDatabaseUrl } from './support/test-database';
import { startTestApp, TestApp } from './support/test-app';

const run = promisify(execFile);
const CLI = join(__dirname, '..', 'dist', 'cli.js');

interface Database {
  dataDir: string;
  url: string;
  drop: () => Promise<void>;
  env: NodeJS.ProcessEnv;
  redisPrefix: string;
}

async function database(): Promise<Database> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pictor-tac-'));
  const { url, drop } = await freshDatabaseUrl(dataDir);
  const redisPrefix = `pictor-tac-${randomBytes(6).toString('hex')}:`;
  return { dataDir, url, drop, redisPrefix, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, SECRETS_KEY: 'a'.repeat(64), REDIS_PREFIX: redisPrefix } };
}

/** Runs the built CLI; stdout must be exactly one JSON object whatever the outcome. */
async function cli(db: Database, ...args: string[]): Promise<{ code: number; output: any; stderr: string }> {
  const result = await run('node', [CLI, ...args], { env: db.env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
  const lines = result.stdout.trim().split('\n').filter(Boolean);
  expect(lines.length).toBeLessThanOrEqual(1);
  return { code: result.code, output: lines[0] ? JSON.parse(lines[0]) : undefined, stderr: result.stderr };
}

describe('templates as code: templates:export and templates:import', () => {
  let source: Database;
  let target: Database;
  let sourceApp: TestApp;
  let targetApp: TestApp;
  let dir: string;
  const cleanup: string[] = [];

  beforeAll(async () => {
    [source, target] = await Promise.all([database(), database()]);
    dir = mkdtempSync(join(tmpdir(), 'pictor-tac-files-'));
    cleanup.push(dir, source.dataDir, target.dataDir);
  }, 60_000);

  afterAll(async () => {
    await sourceApp?.close();
    await targetApp?.close();
    await Promise.all([source?.drop(), target?.drop()]);
    for (const path of cleanup) rmSync(path, { recursive: true, force: true });
  });

  it('exports canonical files and imports them into a fresh database, keeping ids, idempotently', async () => {
    sourceApp = await startTestApp({ shared: { dataDir: source.dataDir, databaseUrl: source.url, redisPrefix: source.redisPrefix } });
    targetApp = await startTestApp({ shared: { dataDir: target.dataDir, databaseUrl: target.url, redisPrefix: target.redisPrefix } });
    const owner = await createAccount(sourceApp).then(({ account, apiKey }) => ({ accountId: account.id, apiKey }));
    const api = (method: string, path: string, body?: unknown) => sourceApp.request(method, path, { apiKey: owner.apiKey, body });
    const card = (await api('POST', '/api/templates', sampleTemplate())).body;
    const banner = (await api('POST', '/api/templates', sampleTemplate({ name: 'Banner', width: 1500, height: 500, publicRender: 'signed' }))).body;
    expect((await api('PATCH', `/api/templates/${banner.id}`, { background: '#112233' })).body.version).toBe(2);

    const exported = await cli(source, 'templates:export', '--account', owner.accountId, '--dir', dir);
    expect(exported.code).toBe(0);
    expect(exported.output).toEqual({ accountId: owner.accountId, dir, exported: [card.id, banner.id].sort() });
    expect(readdirSync(dir).sort()).toEqual([`${card.id}.json`, `${banner.id}.json`].sort());
    const cardFile = readFileSync(join(dir, `${card.id}.json`), 'utf8');
    // Canonical: the POST body with every default, keys in the schema's order, nothing volatile.
    expect(Object.keys(JSON.parse(cardFile))).toEqual(['name', 'width', 'height', 'background', 'publicRender', 'layers']);
    expect(Object.keys(JSON.parse(cardFile).layers[0])).toEqual(['name', 'x', 'y', 'width', 'height', 'opacity', 'hidden', 'type', 'fill', 'gradient', 'borderColor', 'borderWidth', 'radius']);
    expect(cardFile).not.toMatch(/createdAt|updatedAt|version|"id"/);
    expect(cardFile.endsWith('}\n')).toBe(true);
    // Stable: exporting again writes the same bytes.
    await cli(source, 'templates:export', '--account', owner.accountId, '--dir', dir);
    expect(readFileSync(join(dir, `${card.id}.json`), 'utf8')).toBe(cardFile);

    // Into another database, for another account: same ids, same designs.
    const other = await createAccount(targetApp).then(({ account, apiKey }) => ({ accountId: account.id, apiKey }));
    const first = await cli(target, 'templates:import', '--account', other.accountId, '--dir', dir);
    expect(first).toMatchObject({ code: 0, output: { accountId: other.accountId, dir, created: [card.id, banner.id].sort(), updated: [], unchanged: [], failed: [] } });
    const imported = (await targetApp.request('GET', `/api/templates/${banner.id}`, { apiKey: other.apiKey })).body;
    expect(imported).toMatchObject({ id: banner.id, version: 1, name: 'Banner', publicRender: 'signed', background: '#112233', layers: banner.layers });

    // A second run changes nothing and bumps nothing.
    const second = await cli(target, 'templates:import', '--account', other.accountId, '--dir', dir);
    expect(second.output).toMatchObject({ created: [], updated: [], unchanged: [card.id, banner.id].sort(), failed: [] });
    expect((await targetApp.request('GET', `/api/templates/${banner.id}`, { apiKey: other.apiKey })).body).toEqual(imported);

    // Round trip: the target exports byte-identical files.
    const again = mkdtempSync(join(tmpdir(), 'pictor-tac-again-'));
    cleanup.push(again);
    await cli(target, 'templates:export', '--account', other.accountId, '--dir', again);
    for (const file of readdirSync(dir)) expect(readFileSync(join(again, file), 'utf8')).toBe(readFileSync(join(dir, file), 'utf8'));

    // Edits: a rename updates without a new version; a design change bumps it once.
    const edited = JSON.parse(cardFile);
    writeFileSync(join(dir, `${card.id}.json`), JSON.stringify({ ...edited, name: 'Renamed card' }));
    expect((await cli(target, 'templates:import', '--account', other.accountId, '--dir', dir)).output).toMatchObject({ updated: [card.id], unchanged: [banner.id] });
    expect((await targetApp.request('GET', `/api/templates/${card.id}`, { apiKey: other.apiKey })).body).toMatchObject({ name: 'Renamed card', version: 1 });
    writeFileSync(join(dir, `${card.id}.json`), JSON.stringify({ ...edited, name: 'Renamed card', width: 800 }));
    expect((await cli(target, 'templates:import', '--account', other.accountId, '--dir', dir)).output).toMatchObject({ updated: [card.id] });
    expect((await cli(target, 'templates:import', '--account', other.accountId, '--dir', dir)).output).toMatchObject({ updated: [], unchanged: [card.id, banner.id].sort() });
    expect((await targetApp.request('GET', `/api/templates/${card.id}`, { apiKey: other.apiKey })).body).toMatchObject({ width: 800, version: 2 });

    // An id that belongs to another account is refused, and nothing changes for it.
    const stranger = await createAccount(targetApp).then(({ account }) => ({ accountId: account.id }));
    const refused = await cli(target, 'templates:import', '--account', stranger.accountId, '--dir', dir);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatchObject({ created: [], updated: [], unchanged: [] });
    expect(refused.output.failed).toEqual(
      expect.arrayContaining([{ file: `${card.id}.json`, field: null, error: `template ${card.id} belongs to another account` }]),
    );
    expect(refused.stderr).toContain(`${card.id}.json: template ${card.id} belongs to another account`);
    expect((await targetApp.request('GET', `/api/templates/${card.id}`, { apiKey: other.apiKey })).body).toMatchObject({ name: 'Renamed card', version: 2 });
  }, 240_000);

  it('reports bad files by file and field, imports the good ones, and exits non-zero', async () => {
    const owner = await createAccount(targetApp).then(({ account, apiKey }) => ({ accountId: account.id, apiKey }));
    const files = mkdtempSync(join(tmpdir(), 'pictor-tac-bad-'));
    cleanup.push(files);
    const good = 'tpl_Good0000000000000000';
    writeFileSync(join(files, `${good}.json`), JSON.stringify(sampleTemplate()));
    writeFileSync(join(files, 'tpl_NotJson000000000000.json'), '{ "name": ');
    writeFileSync(join(files, 'tpl_Invalid00000000000.json'), JSON.stringify(sampleTemplate({ width: 0 })));
    writeFileSync(join(files, 'tpl_BadLayer0000000000.json'), JSON.stringify(sampleTemplate({ layers: [{ name: 'x', type: 'rect', width: 10, height: 10, fill: 'red' }] })));
    writeFileSync(join(files, 'notes.json'), '{}');
    writeFileSync(join(files, 'README.md'), 'ignored: not a .json file');

    const result = await cli(target, 'templates:import', '--account', owner.accountId, '--dir', files);
    expect(result.code).not.toBe(0);
    expect(result.output.created).toEqual([good]);
    const failed = Object.fromEntries(result.output.failed.map((failure: { file: string }) => [failure.file, failure]));
    expect(Object.keys(failed).sort()).toEqual(['notes.json', 'tpl_BadLayer0000000000.json', 'tpl_Invalid00000000000.json', 'tpl_NotJson000000000000.json']);
    expect(failed['tpl_NotJson000000000000.json']).toMatchObject({ field: null, error: expect.stringMatching(/^not valid JSON/) });
    expect(failed['tpl_Invalid00000000000.json']).toMatchObject({ field: 'width', error: expect.stringMatching(/^width: /) });
    expect(failed['tpl_BadLayer0000000000.json']).toMatchObject({ field: 'layers.0.fill' });
    expect(failed['notes.json'].error).toMatch(/file name must be <template id>\.json/);
    const stderrLines = result.stderr.trim().split('\n').map((line) => JSON.parse(line).error);
    expect(stderrLines).toEqual(expect.arrayContaining([expect.stringMatching(/^tpl_Invalid00000000000\.json \(width\): width: /)]));
    // The failing files created nothing.
    const listed = (await targetApp.request('GET', '/api/templates', { apiKey: owner.apiKey })).body.data.map((template: { id: string }) => template.id);
    expect(listed).toEqual([good]);
  }, 90_000);

  it('refuses a missing directory and an unknown account on stderr, with a non-zero exit', async () => {
    const owner = await createAccount(targetApp).then(({ account }) => ({ accountId: account.id }));
    const missing = await cli(target, 'templates:import', '--account', owner.accountId, '--dir', join(tmpdir(), 'pictor-no-such-dir-x'));
    expect(missing.code).not.toBe(0);
    expect(missing.output).toMatchObject({ created: [], updated: [], unchanged: [], failed: [], error: 'directory_not_found' });
    expect(missing.stderr).toMatch(/Directory not found/);
    const unknown = await cli(target, 'templates:export', '--account', 'acc_missing', '--dir', dir);
    expect(unknown.code).not.toBe(0);
    expect(unknown.output).toBeUndefined();
    expect(unknown.stderr).toMatch(/No account/);
  }, 90_000);
});
