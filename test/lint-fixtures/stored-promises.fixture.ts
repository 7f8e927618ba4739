// Linted by test/lint-rules.spec.ts (ignored by `npm run lint`): each line marked BAD must be reported.
import { settle, type SettledPromise } from '../../src/common/async/settle';

declare function fetchImage(url: string): Promise<Uint8Array>;

export async function crashShape(urls: string[]): Promise<number> {
  const byUrl = new Map<string, Promise<Uint8Array>>();
  for (const url of urls) byUrl.set(url, fetchImage(url)); // BAD
  const pending: Array<Promise<Uint8Array>> = [];
  pending.push(fetchImage(urls[0])); // BAD
  const seen = new Set<Promise<Uint8Array>>();
  seen.add(fetchImage(urls[1])); // BAD
  let total = 0;
  for (const url of urls) total += (await byUrl.get(url)!).length;
  return total + (await Promise.all(pending)).length + seen.size;
}

export async function settledShape(urls: string[]): Promise<number> {
  const byUrl = new Map<string, SettledPromise<Uint8Array>>();
  for (const url of urls) byUrl.set(url, settle(fetchImage(url)));
  const headers = new Map<string, string>();
  headers.set('accept', 'image/*');
  let total = 0;
  for (const url of urls) {
    const outcome = await byUrl.get(url)!;
    if (outcome.ok) total += outcome.value.length;
  }
  return total + headers.size;
}

export function floating(url: string): void {
  fetchImage(url); // BAD
}
