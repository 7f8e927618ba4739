import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A TCP port free on 127.0.0.1 right now (for a server process the test starts). */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `baseUrl` answers /health/live; fails after `timeoutMs`, or at once when `gone()` says the process ended. */
export async function waitUntilLive(baseUrl: string, timeoutMs: number, describe: () => string = () => '', gone: () => boolean = () => false): Promise<void> {
  const startedAt = Date.now();
  while (
    !(await fetch(`${baseUrl}/health/live`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (Date.now() - startedAt > timeoutMs || gone()) throw new Error(`server did not start${describe() ? `:\n${describe()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A Pictor process the test started from dist/ (the server, or `npm run worker`), with its output kept. */
export interface PictorProcess {
  child: ChildProcess;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGKILL unless said) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const PROJECT_ROOT = join(__dirname, '..', '..');

/**
 * Starts `node dist/<script>.js` with `env` on top of this process's environment and waits until it is
 * up: the server answers /health/live (at `baseUrl`), the worker logs that it started.
 */
export async function startPictorProcess(script: 'main' | 'worker', env: Record<string, string>, baseUrl?: string): Promise<PictorProcess> {
  const child = spawn('node', [join(PROJECT_ROOT, 'dist', `${script}.js`)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started: PictorProcess = {
    child,
    output: () => output,
    exited,
    stop: (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  try {
    if (baseUrl) {
      await waitUntilLive(baseUrl, 60_000, () => output, gone);
      return started;
    }
    // The worker's start line is logged at info: LOG_LEVEL must let it through.
    const startedAt = Date.now();
    while (!output.includes('Pictor worker started')) {
      if (gone() || Date.now() - startedAt > 60_000) throw new Error(`worker did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return started;
  } catch (error) {
    await started.stop();
    throw error;
  }
}
