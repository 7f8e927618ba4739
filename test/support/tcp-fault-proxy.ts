import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a real MariaDB or Redis on 127.0.0.1 that a test can cut mid-traffic:
 * `stop()` closes every open connection and stops listening (new connections are refused, as when
 * the server is stopped); `hang()` keeps accepting but holds every byte either way (a frozen server:
 * connections stay open, nothing answers); `restore()` listens again on the same port, or delivers
 * what was held, in order, as a server that resumes.
 */
export interface TcpFaultProxy {
  port: number;
  /** `scheme://127.0.0.1:<proxy port>` + the target URL's path, user and password. */
  url(target: string): string;
  stop(): Promise<void>;
  hang(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpFaultProxy(targetPort: number): Promise<TcpFaultProxy> {
  const open = new Set<Socket>();
  let hanging = false;
  let held: Array<() => void> = [];
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const onConnection = (client: Socket) => {
    track(client);
    const upstream = new Socket();
    track(upstream);
    upstream.connect(targetPort, '127.0.0.1');
    const relay = (from: Socket, to: Socket) => {
      from.on('data', (chunk: Buffer) => {
        if (hanging) held.push(() => to.write(chunk));
        else to.write(chunk);
      });
      from.on('close', () => to.destroy());
    };
    relay(client, upstream);
    relay(upstream, client);
  };
  let server: Server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const closeServer = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port,
    url: (target) => {
      const url = new URL(target);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    stop: async () => {
      const closed = closeServer();
      dropAll();
      await closed;
    },
    hang: () => {
      hanging = true;
    },
    restore: async () => {
      hanging = false;
      for (const deliver of held) deliver();
      held = [];
      if (server.listening) return;
      server = createServer(onConnection);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
    },
    close: async () => {
      held = [];
      const closed = closeServer();
      dropAll();
      await closed;
    },
  };
}
