import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (request: IncomingMessage, response: ServerResponse, body: Buffer) => void;

/** A real HTTP server on 127.0.0.1 that records every request it receives. */
export class HttpFixtureServer {
  readonly requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: Buffer; receivedAt: number }> = [];
  connections = 0;
  private server: Server;
  private routes = new Map<string, Handler>();

  route(path: string, handler: Handler): this {
    this.routes.set(path, handler);
    return this;
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        this.requests.push({ method: request.method!, url: request.url!, headers: request.headers, body, receivedAt: Date.now() });
        const handler = this.routes.get(request.url!.split('?')[0]);
        if (handler) handler(request, response, body);
        else response.writeHead(404).end('not found');
      });
    });
    this.server.on('connection', () => this.connections++);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
