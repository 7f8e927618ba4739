import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabaseUrl } from './support/test-database';
import { freePort, waitUntilLive } from './support/server-process';

const ROOT = join(__dirname, '..');

/** Issue 23 item 7: a rejection nobody handles is logged at error with its request id, counted, and the process keeps serving. */
describe('the server process after an unhandled rejection', () => {
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };
  let child: ChildProcess;
  let output = '';
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pictor-faults-'));
    database = await freshDatabaseUrl(dataDir);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      RENDER_THREADS: '1',
    };
    child = spawn('node', ['--require', join(__dirname, 'support', 'inject-unhandled-rejection.js'), join(ROOT, 'dist', 'main.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntilLive(
      baseUrl,
      60_000,
      () => output,
      () => child.exitCode !== null,
    );
  }, 90_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs it at error with the request id, counts it in /metrics, and keeps answering', async () => {
    child.kill('SIGUSR2');
    const started = Date.now();
    while (!output.includes('injected rejection') && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 100));
    const record = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; event?: string; requestId?: string; err?: { message: string } })
      .find((line) => line.event === 'unhandled_rejection');
    expect(record).toMatchObject({ level: 50, requestId: 'req-injected-1', err: { message: 'injected rejection' } });
    expect(child.exitCode).toBeNull();
    expect((await fetch(`${baseUrl}/health/live`)).status).toBe(200);
    const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/^pictor_unhandled_rejections_total 1$/m);
  }, 30_000);
});
