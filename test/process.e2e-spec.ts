import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { sampleTemplate } from './support/factories';
import { HttpFixtureServer } from './support/http-fixture-server';
import { freshDatabaseUrl } from './support/test-database';
import { freePort, waitUntilLive } from './support/server-process';

const ROOT = join(__dirname, '..');

describe('the server process (npm start)', () => {
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };
  let fixtures: HttpFixtureServer;
  let fixturesUrl: string;
  let child: ChildProcess;
  let output = '';
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pictor-process-'));
    database = await freshDatabaseUrl(dataDir);
    const red = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    fixtures = new HttpFixtureServer()
      .route('/slow.png', (_request, response) => {
        setTimeout(() => response.writeHead(200, { 'content-type': 'image/png' }).end(red), 1_500).unref();
      })
      .route('/slow-hook', (_request, response) => {
        setTimeout(() => response.writeHead(204).end(), 1_500).unref();
      });
    fixturesUrl = await fixtures.start();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      RENDER_THREADS: '1',
    };
    child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntilLive(baseUrl, 60_000, () => output);
  }, 90_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const pid = /"pid":(\d+)/.exec(output)?.[1];
      if (pid) process.kill(Number(pid), 'SIGKILL');
      child.kill('SIGKILL');
    }
    await fixtures?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs JSON lines with request ids, never a key or a secret, and on SIGTERM finishes in-flight work then exits 0', async () => {
    const { stdout } = await promisify(execFile)('node', [join(ROOT, 'dist', 'cli.js'), 'accounts:create', '--email', 'ops@example.com', '--plan', 'pro'], {
      env,
    });
    const { apiKey } = JSON.parse(stdout);
    const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });

    const templateId = ((await (await call('POST', '/api/templates', sampleTemplate())).json()) as { id: string }).id;
    const { webhookSecret } = (await (await call('POST', '/api/settings/webhook-secret')).json()) as { webhookSecret: string };
    const traced = await call('POST', '/api/generate', { templateId, layers: { title: { text: 'logged' } } }, { 'x-request-id': 'ops-trace-1' });
    expect(traced.status).toBe(200);
    expect(traced.headers.get('x-request-id')).toBe('ops-trace-1');

    // In flight when SIGTERM arrives: a render waiting 1.5 s for its image, whose webhook also takes 1.5 s.
    const inFlight = call('POST', '/api/hooks/render', {
      templateId,
      layers: { avatar: { imageUrl: `${fixturesUrl}/slow.png` } },
      webhookUrl: `${fixturesUrl}/slow-hook`,
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // npm does not forward SIGTERM (contract 13): operators signal the node process, whose pid every log line carries.
    const serverPid = JSON.parse(output.split('\n').find((line) => line.startsWith('{'))!).pid;
    process.kill(serverPid, 'SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { warnings?: unknown }).warnings).toBeUndefined();
    expect(await exited).toBe(0);
    expect(fixtures.requests.filter((request) => request.url === '/slow-hook')).toHaveLength(1);

    const lines = output.split('\n').filter((line) => line.startsWith('{'));
    const records = lines.map((line) => JSON.parse(line));
    const request = records.find((record) => record.req?.id === 'ops-trace-1');
    expect(request).toMatchObject({ req: { method: 'POST', url: '/api/generate' }, res: { statusCode: 200 } });
    expect(output).not.toContain(apiKey);
    expect(output).not.toContain(apiKey.slice(3));
    expect(output).not.toContain(webhookSecret);
    expect(output).not.toContain(webhookSecret.slice(6, 30));
  }, 60_000);
});
