import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import type Piscina from 'piscina';
import { RENDER_THREADS } from './cpu-accounting';

let unique = 0;
/** A distinct Latin title per request, so that every render is fresh (no cache hit). */
export const latinTitle = () => `Benchmark card number ${++unique} — ${Math.random().toString(36).slice(2)}`;
/** The script card's title: Arabic, Devanagari and emoji, distinct per request. */
export const scriptTitle = () => `مرحبا بالعالم ${++unique} — नमस्ते दुनिया ${Math.random().toString(36).slice(2, 6)} 🚀🎉`;

export type Format = 'png' | 'jpeg';

/** The environment of a fresh-render ceiling (render-ceiling.js): the designs it draws by template id, its threads, its port. */
export const ceilingEnvironment = (designs: Record<string, unknown>, port: number): Record<string, string> => ({
  BARE_DESIGNS: JSON.stringify(designs),
  BARE_THREADS: String(RENDER_THREADS),
  BARE_PORT: String(port),
});

/** POST /api/generate requests for `templateId`, each with its own title (so each is drawn). */
export const freshRequests = (apiKey: string, templateId: string, format: Format, title = latinTitle): autocannon.Request[] => [
  {
    method: 'POST',
    path: '/api/generate',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ templateId, format, layers: { title: { text: title() } } }) }),
  },
];

/**
 * Fresh renders over HTTP (Pictor's API, or a ceiling at `base`): `count` requests, each with its own text. Timed to
 * the last response: autocannon itself only notices `amount` on its one-second tick, which would round every run up
 * to whole seconds.
 */
export async function httpFresh(
  base: string,
  apiKey: string,
  templateId: string,
  format: Format,
  count: number,
  connections = RENDER_THREADS * 4,
  title = latinTitle,
): Promise<number> {
  const started = performance.now();
  let lastResponseAt = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, amount: count, requests: freshRequests(apiKey, templateId, format, title) },
      (error: Error | null, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', () => (lastResponseAt = performance.now()));
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`fresh renders failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return count / ((lastResponseAt - started) / 1000);
}

/** Runs `count` pool tasks over RENDER_THREADS × 4 concurrent lanes (as many as the API's connections); returns tasks/s. */
export async function poolThroughput(pool: Piscina, count: number, task: () => unknown): Promise<number> {
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next++;
      await pool.run(task());
    }
  };
  await Promise.all(Array.from({ length: RENDER_THREADS * 4 }, lane));
  return count / ((performance.now() - started) / 1000);
}

/** The same drawing with the same worker code and thread count, called directly (no HTTP, no cache, no storage). */
export const rawFresh = (pool: Piscina, design: { layers: Array<Record<string, unknown>> }, format: Format, count: number, title = latinTitle) =>
  poolThroughput(pool, count, () => ({
    design: { ...design, layers: design.layers.map((layer) => (layer.name === 'title' ? { ...layer, text: title() } : layer)) },
    output: { width: 1200, height: 630, format, quality: 85 },
    images: new Map(),
  }));

/** satori + resvg drawing the card (bench/satori.worker.js). */
export const peerFresh = (pool: Piscina, count: number) => poolThroughput(pool, count, () => ({ text: latinTitle() }));
