import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestApp } from './support/test-app';
import { freshDatabaseUrl } from './support/test-database';

const run = promisify(execFile);
const CLI = join(__dirname, '..', 'dist', 'cli.js');

type Outcome = { code: number; stdout: string; stderr: string };

/** `jobs:create` of the built CLI on a real database, with no server running: the command's own process draws the rows. */
describe('command line: jobs:create (built dist/cli.js)', () => {
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };
  let env: NodeJS.ProcessEnv;
  let accountId: string;
  let templateId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pictor-jobs-cli-'));
    database = await freshDatabaseUrl(dataDir);
    const redisPrefix = `pictor-jobs-cli-${randomBytes(6).toString('hex')}:`;
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SECRETS_KEY: 'a'.repeat(64),
      REDIS_PREFIX: redisPrefix,
      PUBLIC_BASE_URL: 'http://pictor.test',
      LOG_LEVEL: 'silent',
    };
    const { stdout } = await run('node', [CLI, 'accounts:create', '--email', 'bulk@example.com', '--plan', 'pro'], { env });
    const created = JSON.parse(stdout) as { accountId: string; apiKey: string };
    accountId = created.accountId;
    // The template through the API of a server on the same database, which then stops.
    const server = await startTestApp({ shared: { dataDir, databaseUrl: database.url, redisPrefix } });
    templateId = (
      await server.request('POST', '/api/templates', {
        apiKey: created.apiKey,
        body: { name: 'Tag', width: 240, height: 120, layers: [{ name: 'title', type: 'text', x: 10, y: 10, width: 220, height: 100, text: 'x' }] },
      })
    ).body.id;
    await server.close();
  }, 120_000);

  afterAll(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]): Promise<Outcome> =>
    run('node', [CLI, ...args], { env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: Outcome) => error,
    );

  const csvFile = (text: string) => {
    const file = join(dataDir, `${randomBytes(4).toString('hex')}.csv`);
    writeFileSync(file, text);
    return file;
  };

  it('creates the job from the CSV, shows plain progress lines off a terminal, and ends with the result URL on stdout', async () => {
    const file = csvFile('title.text\nAda\n"Grace, Rear Admiral"\nKatherine\n');
    const outcome = await cli('jobs:create', '--account', accountId, '--template', templateId, '--csv', file, '--output', 'zip');
    expect({ code: outcome.code, stderr: outcome.code === 0 ? '' : outcome.stderr }).toEqual({ code: 0, stderr: '' });
    const lines = outcome.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const report = JSON.parse(lines[0]);
    expect(report).toEqual({
      jobId: expect.stringMatching(/^job_/),
      status: 'completed',
      total: 3,
      done: 3,
      failed: 0,
      resultUrl: expect.stringMatching(/^http:\/\/pictor\.test\/api\/images\/generated\/[0-9a-f]{64}\.zip$/),
    });
    expect(existsSync(join(dataDir, 'images', report.resultUrl.split('/').pop()))).toBe(true);
    // Off a terminal: one plain line per change, no carriage returns, the last at 100 %.
    const progress = outcome.stderr.trim().split('\n');
    expect(outcome.stderr).not.toContain('\r');
    expect(progress[0]).toMatch(new RegExp(`^${report.jobId} \\[\\.{30}\\]   0% 0 done, 0 failed of 3 \\(queued\\)$`));
    expect(progress.at(-1)).toMatch(/\[#{30}\] 100% 3 done, 0 failed of 3 \(completed\)$/);
  }, 120_000);

  it('exits 1 with the report when rows failed, naming where their errors are', async () => {
    const file = csvFile(`title.text\nfine\n${'x'.repeat(5001)}\n`);
    const outcome = await cli('jobs:create', '--account', accountId, '--template', templateId, '--csv', file);
    expect(outcome.code).toBe(1);
    const report = JSON.parse(outcome.stdout);
    expect(report).toMatchObject({ status: 'completed', total: 2, done: 1, failed: 1, resultUrl: null });
    expect(outcome.stderr).toContain(`1 of 2 rows failed (first: row 1: validation_failed: layers.title.text`);
    expect(outcome.stderr).toContain(`GET /api/jobs/${report.jobId}/items lists them`);
  }, 120_000);

  it.each([
    [['--csv', 'unknown-column'], 'title.text,subtitle.text\na,b\n', /"code":"validation_failed"/],
    [['--csv', 'broken-quote'], 'title.text\n"unclosed\n', /"code":"csv_invalid"/],
    [['--template', 'tpl_missing'], 'title.text\na\n', /"code":"template_not_found"/],
  ])(
    'refuses %j with the API error code on stderr, nothing on stdout, exit 1',
    async ([flag, value], text, message) => {
      const file = csvFile(text);
      const args = { '--account': accountId, '--template': templateId, '--csv': file };
      if (flag === '--template') args['--template'] = value;
      const outcome = await cli('jobs:create', ...Object.entries(args).flat());
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).toBe('');
      expect(outcome.stderr).toMatch(message);
    },
    60_000,
  );
});
