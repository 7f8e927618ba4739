import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freshDatabaseUrl } from './support/test-database';
import { startTestApp, TestApp } from './support/test-app';

const run = promisify(execFile);
const CLI = join(__dirname, '..', 'dist', 'cli.js');

describe('command line (built dist/cli.js) against the running API', () => {
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };
  let env: NodeJS.ProcessEnv;
  let testApp: TestApp | undefined;
  const redisPrefix = `pictor-cli-${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pictor-cli-'));
    database = await freshDatabaseUrl(dataDir);
    // The CLI announces its writes on the server's Redis prefix (used when DATABASE_URL is MySQL).
    env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url, SECRETS_KEY: 'a'.repeat(64), REDIS_PREFIX: redisPrefix };
  });

  afterAll(async () => {
    await testApp?.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = async (...args: string[]) => {
    const { stdout } = await run('node', [CLI, ...args], { env });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]);
  };

  it('manages accounts and keys, printing one JSON object each, before the server ever started', async () => {
    const created = await cli('accounts:create', '--email', 'Owner@Example.com', '--plan', 'starter');
    expect(created).toEqual({ accountId: expect.stringMatching(/^acc_/), apiKey: expect.stringMatching(/^sk_[0-9A-Za-z]{40}$/) });
    expect(await cli('accounts:set-plan', '--account', created.accountId, '--plan', 'pro')).toEqual({ accountId: created.accountId, plan: 'pro' });
    expect(await cli('accounts:set-limits', '--account', created.accountId, '--monthly', '100000', '--per-minute', '6000')).toEqual({
      accountId: created.accountId,
      limits: { monthly: 100000, perMinute: 6000 },
    });
    expect(await cli('accounts:set-limits', '--account', created.accountId, '--clear')).toEqual({
      accountId: created.accountId,
      limits: { monthly: null, perMinute: null },
    });
    expect(await cli('accounts:set-password', '--account', created.accountId, '--password', 'correct horse')).toEqual({ accountId: created.accountId });
    const second = await cli('api-keys:create', '--account', created.accountId, '--name', 'CI');
    expect(second).toEqual({ keyId: expect.stringMatching(/^key_/), apiKey: expect.stringMatching(/^sk_/) });

    // The server on the same database accepts both keys, and refuses the one revoked.
    testApp = await startTestApp({ shared: { dataDir, databaseUrl: database.url, redisPrefix } });
    for (const key of [created.apiKey, second.apiKey]) {
      expect((await testApp.request('GET', '/api/templates', { apiKey: key })).status).toBe(200);
    }
    expect(await cli('api-keys:revoke', '--key-id', second.keyId)).toEqual({ keyId: second.keyId, revoked: true });
    const revoked = await testApp.request('GET', '/api/templates', { apiKey: second.apiKey });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer');
    expect((await testApp.request('GET', '/api/templates', { apiKey: created.apiKey })).status).toBe(200);

    // Keys are stored as hashes only.
    const stored = JSON.stringify(await testApp.dataSource.query('SELECT * FROM api_keys'));
    expect(stored).not.toContain(created.apiKey);
    expect(stored).not.toContain(second.apiKey);
    // Seven CLI processes, each booting the application context, plus a server: minutes on a busy 2-core machine.
  }, 120_000);

  it.each([
    [['accounts:create'], /--email is required/],
    [['accounts:create', '--email', 'x@example.com', '--plan', 'gold'], /plan must be one of/],
    [['accounts:set-plan', '--account', 'acc_missing', '--plan', 'pro'], /No account/],
    [['nonsense'], /Usage/],
  ])('fails on stderr with a non-zero exit for %j', async (args, message) => {
    const failure = await run('node', [CLI, ...args], { env }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure).not.toBeNull();
    expect(failure!.code).not.toBe(0);
    expect(failure!.stdout).toBe('');
    expect(failure!.stderr).toMatch(message);
  });
});
