/**
 * Asks GET /health/live back to back (a short pause between answers) for as long as `work` runs, and reports
 * the slowest answer: how long the server's event loop was unavailable to other requests meanwhile.
 */
export async function probingLiveness<T>(baseUrl: string, work: () => Promise<T>): Promise<{ result: T; slowestMs: number; probes: number }> {
  let running = true;
  let slowestMs = 0;
  let probes = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/health/live`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`/health/live answered ${response.status}`);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      probes++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const result = await work();
    return { result, slowestMs, probes };
  } finally {
    running = false;
    await loop;
  }
}
