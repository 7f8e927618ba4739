/**
 * Asks GET /health/live back to back (a short pause between answers) for as long as `work` runs, and reports
 * the slowest answer: how long the server's event loop was unavailable to other requests meanwhile. A probe
 * that fails (no answer, not 200) fails the caller once `work` is done.
 */
export async function probingLiveness<T>(baseUrl: string, work: () => Promise<T>): Promise<{ result: T; slowestMs: number; probes: number }> {
  let running = true;
  let slowestMs = 0;
  let probes = 0;
  let failure: Error | undefined;
  const probe = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/health/live`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/health/live answered ${response.status}`);
    slowestMs = Math.max(slowestMs, performance.now() - started);
    probes++;
  };
  const loop = (async () => {
    while (running && !failure) {
      await probe().catch((error: Error) => (failure = error));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    // Ended before anything is answered, so no probe outlives the test.
    running = false;
    await loop;
  }
  if (failure) throw failure;
  return { result, slowestMs, probes };
}
