/**
 * A promise that cannot reject: its outcome is a value. Keeping a plain promise for later (in a Map, an
 * array, an object) and awaiting it after other awaits is how one rejection ends the process: if it
 * rejects while the caller waits on something else, nothing is listening yet (Node treats that as an
 * unhandled rejection). The `pictor/no-stored-rejectable-promise` lint rule allows only this type in
 * collections.
 */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

declare const neverRejects: unique symbol;
export type SettledPromise<T> = Promise<Settled<T>> & { readonly [neverRejects]: true };

/** Observes `promise` at once, so its rejection is handled whenever (or whether) anyone awaits it. */
export function settle<T>(promise: Promise<T>): SettledPromise<T> {
  return promise.then(
    (value): Settled<T> => ({ ok: true, value }),
    (error: unknown): Settled<T> => ({ ok: false, error }),
  ) as SettledPromise<T>;
}

/** The value of a settled promise, or its error thrown again: for callers that want the original behaviour. */
export async function unwrap<T>(settled: SettledPromise<T>): Promise<T> {
  const outcome = await settled;
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}
