import { createServer } from 'node:net';

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
