/** How long a stopping instance waits for a BullMQ connection that is still connecting. */
export const CONNECTING_WAIT_MS = 1_000;

/**
 * Waits until a BullMQ queue or worker has finished connecting, or `withinMs` has passed, whichever is first; never
 * throws. Close one only after this: BullMQ (5.81) closing a connection that is still connecting removes the
 * connection's listeners and then emits the connect's "Connection is closed" on it, an unhandled error that ends the
 * process (CI saw it when an instance stopped a moment after it started; taskforcesh/bullmq#3546). With Redis down, it
 * returns after `withinMs`.
 */
export async function connectedOrLate(target: { waitUntilReady(): Promise<unknown> }, withinMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    target.waitUntilReady().then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, withinMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
