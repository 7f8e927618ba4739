import { setFlagsFromString } from 'node:v8';

/** V8's own default on 64-bit: a drawing's short-lived objects die in the young generation of the thread that drew it. */
export const RENDER_THREAD_SEMI_SPACE_MB = 16;

/**
 * The server starts with `--max-semi-space-size=4` for its main thread (~80 MB less RSS: transferred result buffers
 * waited in a large young generation). The flag is process-wide but read when an isolate is created, so raising it
 * before the render pool starts gives the render threads V8's default back while the main thread keeps its small one.
 * With 4 MB, a script card's garbage outlived two scavenges and was promoted: the render threads' isolates scavenged
 * every ~2.4 drawings and ran a full collection every ~4.6 (their concurrent marking on V8's helper threads); with 16
 * MB, every ~10 and ~6 (docs/performance.md, 2026-11-28). Must run before any worker thread is created.
 */
export function configureRenderThreadHeap(): void {
  setFlagsFromString(`--max-semi-space-size=${RENDER_THREAD_SEMI_SPACE_MB}`);
}
