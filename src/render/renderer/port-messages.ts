import type { MessagePort } from 'node:worker_threads';

/** Raised to a reader of a port whose other end closed (the document was abandoned, or its worker ended). */
export class PortClosedError extends Error {
  constructor() {
    super('The other end of the document channel closed');
    this.name = 'PortClosedError';
  }
}

/**
 * The messages arriving on `port`, read one at a time in order: each call answers the next one (waiting for it), or
 * rejects with PortClosedError once the other end has closed and nothing is left to read.
 */
export function messageReader<T>(port: MessagePort): () => Promise<T> {
  const waiting: Array<{ resolve: (message: T) => void; reject: (error: Error) => void }> = [];
  const arrived: T[] = [];
  let closed = false;
  port.on('message', (message: T) => {
    const reader = waiting.shift();
    if (reader) reader.resolve(message);
    else arrived.push(message);
  });
  port.on('close', () => {
    closed = true;
    for (const reader of waiting.splice(0)) reader.reject(new PortClosedError());
  });
  return () => {
    if (arrived.length > 0) return Promise.resolve(arrived.shift() as T);
    if (closed) return Promise.reject(new PortClosedError());
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };
}
