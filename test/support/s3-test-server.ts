import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, request, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver has no type declarations; its constructor options and run()/close() are all we use.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an import of an untyped module does not compile; require() takes the cast
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<AddressInfo>; close(): Promise<void> };

export const S3_TEST_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/** A real S3 protocol server (s3rver) on a random port, with the given buckets, over a temporary directory. */
export async function startS3Server(
  buckets: string[],
): Promise<{ endpoint: string; directory: string; objectFile(bucket: string, key: string): Promise<string>; close(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'pictor-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    objectFile: (bucket, key) => settledObjectFile(join(directory, bucket, `${key}._S3rver_object`)),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver answers a PUT when its checksum stream ends, before its file stream has created and written the
 * file (lib/stores/filesystem.js putObject), so the file can appear a moment after the answer: wait until
 * it is there and its size has settled.
 */
async function settledObjectFile(path: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  let lastSize = -1;
  while (Date.now() < deadline) {
    const size = existsSync(path) ? statSync(path).size : -1;
    if (size > 0 && size === lastSize) return path;
    lastSize = size;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`s3rver never wrote ${path}`);
}

export type FaultMode = 'pass' | 'down' | 'slow' | 'error';

/**
 * Sits between the app and the S3 server and misbehaves on demand: `down` drops every connection,
 * `slow` answers after 5 s, `error` answers 500 as S3 does.
 */
export async function startFaultProxy(target: string): Promise<{ endpoint: string; mode: FaultMode; requests: number; close(): Promise<void> }> {
  const upstream = new URL(target);
  const state = { mode: 'pass' as FaultMode, requests: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const forward = (incoming: import('node:http').IncomingMessage, outgoing: import('node:http').ServerResponse) => {
    const proxied = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => outgoing.destroy());
    incoming.pipe(proxied);
  };
  const server: Server = createServer((incoming, outgoing) => {
    state.requests++;
    switch (state.mode) {
      case 'pass':
        return forward(incoming, outgoing);
      case 'down':
        return incoming.socket.destroy();
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!outgoing.destroyed) forward(incoming, outgoing);
        }, 5_000);
        timers.add(timer);
        return;
      }
      case 'error':
        incoming.resume();
        outgoing.writeHead(500, { 'content-type': 'application/xml' });
        return outgoing.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>',
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
