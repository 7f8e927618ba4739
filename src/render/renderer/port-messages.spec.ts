import { MessageChannel } from 'node:worker_threads';
import { messageReader, PortClosedError } from './port-messages';

describe('messageReader', () => {
  it('answers messages one at a time in order, whether they arrived before or after the read', async () => {
    const { port1, port2 } = new MessageChannel();
    const next = messageReader<number>(port2);
    port1.postMessage(1);
    port1.postMessage(2);
    expect(await next()).toBe(1);
    expect(await next()).toBe(2);
    const waiting = next();
    port1.postMessage(3);
    expect(await waiting).toBe(3);
    port1.close();
  });

  it('rejects a waiting read, and every later one, once the other end closes', async () => {
    const { port1, port2 } = new MessageChannel();
    const next = messageReader<number>(port2);
    const waiting = next();
    port1.close();
    await expect(waiting).rejects.toBeInstanceOf(PortClosedError);
    await expect(next()).rejects.toBeInstanceOf(PortClosedError);
  });
});
