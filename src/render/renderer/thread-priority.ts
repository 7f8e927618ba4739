import { getPriority, setPriority } from 'node:os';

/** How much lower than the process a render thread runs (niceness; Linux keeps it per thread). */
export const RENDER_THREAD_NICENESS = 10;

/**
 * Lowers the calling render thread's priority below the main thread's. On a machine with few cores the
 * render threads and the main thread contend; at equal priority a render thread the main thread had just
 * woken took the core from it mid-request, so the next drawing was handed out late and answers waited.
 * At nice +10 the main thread runs when it has work and the render threads take every cycle it leaves
 * (docs/performance.md, 2026-11-26). Elsewhere than Linux the call would lower the whole process: skipped.
 */
export function lowerRenderThreadPriority(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false;
  try {
    // Pid 0 is the calling thread on Linux; relative, so a process an operator niced stays below its own level.
    setPriority(0, Math.min(19, getPriority(0) + RENDER_THREAD_NICENESS));
    return true;
  } catch {
    // A sandbox that forbids it: the thread keeps the process's priority, as before.
    return false;
  }
}
